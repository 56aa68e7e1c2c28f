import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createStoryBodySchema,
  errorResponseSchema,
  galleryCountCap,
  galleryQuerySchema,
  galleryResponseSchema,
  idParamsSchema,
  likeMessages,
  likeResponseSchema,
  publishedStoriesQuerySchema,
  setCommentsModeBodySchema,
  setCommentsModeResponseSchema,
  commentModerationMessages,
  reviewStoriesQuerySchema,
  reviewStoriesResponseSchema,
  revisionLimits,
  storyDeletedResponseSchema,
  storyMessages,
  storyResponseSchema,
  storyRevisionParamsSchema,
  storyRevisionResponseSchema,
  storyRevisionsParamsSchema,
  storyRevisionsResponseSchema,
  storyStatusChangeBodySchema,
  storyTagsQuerySchema,
  storyTagsResponseSchema,
  studentStoriesQuerySchema,
  studentStoriesResponseSchema,
  updateStoryBodySchema,
} from '@fics/contracts';
import { unauthorized } from '../../lib/errors';
import { bearerSecurity, commonErrorResponses } from '../../lib/route-schemas';
import { parseBody } from '../../lib/validation';
import { actorOf } from '../../plugins/auth';
import { readJsonOrUploadForm, readUploadForm } from '../media';
import {
  createStory,
  deleteStory,
  getStory,
  listStudentStories,
  publishStory,
  sendStory,
  updateStory,
} from './stories.service';
import { galleryVisitorCacheSeconds, readSharedGallery, watchGallery } from './gallery.service';
import { toggleStoryLike } from './likes.service';
import { getRevision, listRevisions } from './revisions.service';
import { listPublishedStories, listReviewStories } from './review-stories.service';
import { suggestTags } from './story-tags';
import { setCommentsMode } from './comments-mode.service';

const tags = ['Fics'];
const security = bearerSecurity;
const failures = { ...commonErrorResponses, 409: errorResponseSchema };
const uploadFailures = { ...failures, 413: errorResponseSchema };

const storyFields =
  'Campos: title, text (HTML del editor; se limpia en el servidor), anonymity, nickname, nicknameValue, ' +
  'tags (arreglo JSON como texto), writingTime (segundos), location, locationURL (un punto de OpenStreetMap; ' +
  'se guarda redondeado a dos decimales, unos 1 km), y la portada en `file` ' +
  '(imagen de hasta 1 MB; se guarda como PNG de hasta 1080 px y en WebP para teléfonos).';
const coverFileDoc = 'Portada: imagen de hasta 1 MB (PNG, JPEG, WebP, GIF o AVIF)';

/** How long visitors' tag suggestions may be kept by browsers and shared caches. */
const storyTagsVisitorCacheSeconds = 60;

export const storiesRoutes: FastifyPluginAsyncZod = async (app) => {
  // On the embedded database, kept gallery pages are dropped at commit of any change to them.
  const stopWatching = await watchGallery(app.database);
  app.addHook('onClose', stopWatching);

  app.get(
    '/stories',
    {
      preHandler: app.identify,
      // Visitors' pages are the same for all of them, and readers' for all readers (authors named
      // with their photos); only the visitors' may be kept by browsers and proxies.
      config: { cache: { visitors: galleryVisitorCacheSeconds } },
      schema: {
        tags,
        summary: 'Galería: fics publicadas, las más nuevas primero, 12 por página',
        description:
          'Filtros: collegeId, gradeId, tags (separadas por comas o repetidas; todas deben estar en la fic; ' +
          'sin importar mayúsculas) y searchTitle (cada palabra en el título, sin importar tildes ni ' +
          'mayúsculas). Una fic anónima o con seudónimo tiene writtenBy null; sin sesión, un estudiante ' +
          `aparece como 'Sofía E.' sin foto. Con búsqueda o varios filtros juntos, totalDocs cuenta hasta ` +
          `${galleryCountCap} fics; si hay más, totalIsLowerBound es true (hasNextPage es siempre exacto). ` +
          `Sin sesión la respuesta puede guardarse ${galleryVisitorCacheSeconds} s (Cache-Control public).`,
        querystring: galleryQuerySchema,
        response: { 200: galleryResponseSchema, ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      // Kept with its JSON: the same string goes to every visitor (or every signed-in reader) until
      // it expires or a fic on the shelf changes.
      const page = await readSharedGallery({ db: app.db, actor: request.actor, query: request.query });
      return reply
        .type('application/json; charset=utf-8')
        .serializer(() => page.json)
        .send(page.body);
    },
  );

  // Static paths are registered before '/stories/:id', and Fastify matches them first.
  app.get(
    '/stories/student-stories',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Las fics propias, de a una página, las más nuevas primero',
        querystring: studentStoriesQuerySchema,
        response: { 200: studentStoriesResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({
      stories: await listStudentStories({ db: app.db, actor: actorOf(request), query: request.query }),
    }),
  );

  app.get(
    '/stories/review-stories',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Docentes: fics por revisar y evaluadas de sus cursos, la actividad más reciente primero',
        description:
          '`student` es null cuando la fic es anónima o tiene seudónimo y quien consulta no es su docente evaluador.',
        querystring: reviewStoriesQuerySchema,
        response: { 200: reviewStoriesResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({
      stories: await listReviewStories({ db: app.db, actor: actorOf(request), query: request.query }),
    }),
  );

  app.get(
    '/stories/published-stories',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Docentes: fics publicadas de sus cursos, las más nuevas primero',
        querystring: publishedStoriesQuerySchema,
        response: { 200: reviewStoriesResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({
      stories: await listPublishedStories({ db: app.db, actor: actorOf(request), query: request.query }),
    }),
  );

  app.get(
    '/stories/tags',
    {
      preHandler: app.identify,
      // A visitor's suggestions come from published fics only; a caller's include their own fics'.
      config: { cache: { visitors: storyTagsVisitorCacheSeconds } },
      schema: {
        tags,
        summary: 'Sugerencias de etiquetas que contienen el texto (sin importar tildes ni mayúsculas)',
        description:
          'Solo etiquetas de fics publicadas y, con sesión, de las fics propias. ' +
          `Sin sesión la respuesta puede guardarse ${storyTagsVisitorCacheSeconds} s (Cache-Control public).`,
        querystring: storyTagsQuerySchema,
        response: { 200: storyTagsResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({
      tags: await suggestTags({ db: app.db, actor: request.actor, search: request.query.search }),
    }),
  );

  app.post(
    '/stories',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Crea una fic (multipart): borrador con draft=true, o enviada a revisión',
        description: `${storyFields} Para un borrador: draft=true y publicationStatus=EDITING.`,
        consumes: ['multipart/form-data'],
        uploadBody: { form: createStoryBodySchema, file: coverFileDoc },
        response: { 201: storyResponseSchema, ...uploadFailures },
      },
    },
    async (request, reply) => {
      const { fields, file } = await readUploadForm(request);
      const story = await createStory({
        db: app.db,
        actor: actorOf(request),
        input: parseBody(createStoryBodySchema, fields),
        file,
      });
      return reply.status(201).send({ story });
    },
  );

  app.get(
    '/stories/:id',
    {
      preHandler: app.identify,
      schema: {
        tags,
        summary:
          'Una fic: publicada para cualquiera; si no, solo para su autor, sus docentes y administradores',
        params: idParamsSchema,
        response: { 200: storyResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({
      story: await getStory({ db: app.db, actor: request.actor, storyId: request.params.id }),
    }),
  );

  app.get(
    '/stories/:id/revisions',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          'Las rondas enviadas de una fic, la más antigua primero: su autor, sus docentes y administradores',
        description: `Hasta ${revisionLimits.maxRounds} rondas; words cuenta las palabras como wordCount de la fic.`,
        params: storyRevisionsParamsSchema,
        response: { 200: storyRevisionsResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({
      revisions: await listRevisions({ db: app.db, actor: actorOf(request), storyId: request.params.id }),
    }),
  );

  app.get(
    '/stories/:id/revisions/:round',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Una ronda enviada de una fic (título y HTML limpio), para comparar rondas',
        params: storyRevisionParamsSchema,
        response: { 200: storyRevisionResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({
      revision: await getRevision({
        db: app.db,
        actor: actorOf(request),
        storyId: request.params.id,
        round: request.params.round,
      }),
    }),
  );

  app.post(
    '/stories/:id',
    {
      // Without a session, the spec's own words (spec 001 §8); a bad or expired token is the usual
      // 401, so the client refreshes it.
      preHandler: async (request) => {
        if (request.headers.authorization === undefined) {
          throw unauthorized(likeMessages.loginRequired);
        }
        await app.authenticate(request);
      },
      schema: {
        tags,
        security,
        summary: 'Me gusta: lo da si quien llama no lo había dado, y si no lo quita (solo fics publicadas)',
        description: 'Sin cuerpo. Responde el total de me gusta de la fic y si quien llama la tiene marcada.',
        params: idParamsSchema,
        response: { 200: likeResponseSchema, ...failures },
      },
    },
    async (request) => toggleStoryLike({ db: app.db, actor: actorOf(request), storyId: request.params.id }),
  );

  app.patch(
    '/stories/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          'Envía a revisión (JSON { draft: false, publicationStatus: "REVIEWING" }), publica (JSON { publicationStatus: "PUBLISHED" }) o edita (multipart)',
        description:
          `Edición: ${storyFields} La portada es opcional; un campo ausente conserva su valor. ` +
          'Publicar: un docente del curso o un administrador, solo con una evaluación; avisa al autor por correo.',
        consumes: ['application/json', 'multipart/form-data'],
        uploadBody: {
          form: updateStoryBodySchema,
          file: coverFileDoc,
          json: z.union([storyStatusChangeBodySchema, updateStoryBodySchema]),
        },
        params: idParamsSchema,
        response: { 200: storyResponseSchema, ...uploadFailures },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const storyId = request.params.id;
      const { body, file } = await readJsonOrUploadForm(request);
      const isStatusChange =
        !request.isMultipart() && typeof body === 'object' && body !== null && 'publicationStatus' in body;
      if (isStatusChange) {
        const change = parseBody(storyStatusChangeBodySchema, body);
        if (change.publicationStatus === 'PUBLISHED') {
          return { story: await publishStory({ db: app.db, actor, storyId }) };
        }
        return { story: await sendStory({ db: app.db, actor, storyId }) };
      }
      const input = parseBody(updateStoryBodySchema, body);
      return { story: await updateStory({ db: app.db, actor, storyId, input, file }) };
    },
  );

  app.put(
    '/stories/:id/comments-mode',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Quién puede comentar la fic: abiertos, con aprobación o cerrados',
        description:
          'OPEN: cualquiera que vea la fic comenta. MODERATED: los comentarios y respuestas nuevos de ' +
          'estudiantes (salvo su autor) esperan la aprobación de un docente del curso. CLOSED: ' +
          '"Comentarios cerrados", nada nuevo (409); lo que ya hay se sigue viendo. Lo cambian su autor, ' +
          'los docentes de su curso y los administradores (403 los demás; 404 si no pueden ver la fic).',
        params: idParamsSchema,
        body: setCommentsModeBodySchema,
        response: { 200: setCommentsModeResponseSchema, ...failures },
      },
    },
    async (request) => ({
      story: await setCommentsMode({
        db: app.db,
        actor: actorOf(request),
        storyId: request.params.id,
        mode: request.body.mode,
      }),
      message: commentModerationMessages.modeChanged,
    }),
  );

  app.delete(
    '/stories/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          'Elimina una fic con su portada (el autor, solo en borrador; su docente evaluador; un administrador, siempre)',
        params: idParamsSchema,
        response: { 200: storyDeletedResponseSchema, ...failures },
      },
    },
    async (request) => {
      await deleteStory({ db: app.db, actor: actorOf(request), storyId: request.params.id });
      return { message: storyMessages.deleted };
    },
  );
};
