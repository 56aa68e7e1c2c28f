import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, userMessages } from '@fics/contracts';
import { notFound } from '../../lib/errors';
import { findMedia } from './media.service';

/** A cover never changes (a new upload gets a new id): browsers and proxies may keep it a year. */
const COVER_CACHE = 'public, max-age=31536000, immutable';
/**
 * A profile photo (of a minor, often) is kept by the browser for a day at most and never by a shared
 * cache, so a removed photo is gone from everywhere within a day.
 */
const PHOTO_CACHE = 'private, max-age=86400';

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/:id',
    {
      config: { cache: 'handler' },
      schema: {
        tags: ['Imágenes'],
        summary: 'Imagen subida (pública; nunca cambia, se reemplaza por otra)',
        description:
          'Responde la imagen (PNG, o WebP para los tamaños de una portada); 404 NOT_FOUND si no existe. ' +
          `Una portada puede guardarse un año (${COVER_CACHE}); una foto de perfil, solo el navegador ` +
          `y hasta un día (${PHOTO_CACHE}).`,
        params: z.object({ id: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      // Any malformed id is simply an unknown image.
      const id = idSchema.safeParse(request.params.id);
      const found = id.success ? await findMedia({ db: app.db, id: id.data }) : undefined;
      if (!found || !id.success) {
        throw notFound(userMessages.mediaNotFound);
      }
      // An image is never modified (a new upload gets a new id), so its id is its version.
      const etag = `"${id.data}"`;
      void reply
        .header('cache-control', found.cover ? COVER_CACHE : PHOTO_CACHE)
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox");
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
        return reply.status(304).send();
      }
      return reply.type(found.contentType).send(found.bytes);
    },
  );
};
