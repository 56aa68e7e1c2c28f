/**
 * Serves the built web app (architecture.md §1): hashed assets with a year-long immutable cache,
 * `/index.html` redirected to `/`, and the SPA's page, never cached, for any other GET of a page
 * path (deep links work on reload); unknown API paths and missing files answer the JSON 404.
 *
 * Two pages get more than the bare shell:
 * - `/` (with its filters: searchTitle, tags, collegeId, gradeId; page is ignored) carries the
 *   gallery's first page as a visitor sees it, as JSON for the app and painted as HTML and CSS, so
 *   the header and the cards show before the JavaScript has run (home.ts; issue 9 point 8).
 * - `/fics/:id` of a published fic carries its Open Graph and Twitter tags (story-meta.ts).
 * A failure while reading either (the database, say) serves the bare shell: the app then asks the
 * API as usual. `/consentimiento/:token`, the guardian's consent page, is a page of its own
 * (consent-page.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { galleryPaging, galleryQuerySchema, type GalleryResponse } from '@fics/contracts';
import { AppError } from '../../lib/errors';
import { apiNotFound } from '../../plugins/errors';
import { getStory, readGalleryPage } from '../stories';
import { ShellTemplate } from './html';
import { homePageParts } from './home';
import { storyPageParts } from './story-meta';
import { registerConsentPage } from './consent-page';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** index.html, read again when the build changes it (a rebuild while the server runs). */
class TemplateFile {
  private cached: { mtimeMs: number; template: ShellTemplate } | undefined;

  constructor(private readonly file: string) {}

  get(): ShellTemplate {
    const { mtimeMs } = fs.statSync(this.file);
    if (this.cached?.mtimeMs !== mtimeMs) {
      this.cached = { mtimeMs, template: new ShellTemplate(fs.readFileSync(this.file, 'utf8')) };
    }
    return this.cached.template;
  }
}

/** The gallery filters of `/`'s query string, page 1; null when they are not valid (the API will say why). */
function homeQuery(query: unknown) {
  const parsed = galleryQuerySchema.safeParse(query ?? {});
  if (!parsed.success) {
    return null;
  }
  const filters = { ...parsed.data, page: 1, limit: galleryPaging.defaultLimit };
  const params = new URLSearchParams();
  if (filters.searchTitle) {
    params.set('searchTitle', filters.searchTitle);
  }
  if (filters.tags && filters.tags.length > 0) {
    params.set('tags', filters.tags.join(','));
  }
  if (filters.collegeId) {
    params.set('collegeId', filters.collegeId);
  }
  if (filters.gradeId) {
    params.set('gradeId', filters.gradeId);
  }
  return { filters, text: params.toString() };
}

/**
 * Rendered homes by the visitors' page they were made from (the gallery keeps each a few seconds
 * and hands out the same object meanwhile), then by the filters' text.
 */
const renderedHomes = new WeakMap<GalleryResponse, Map<string, { shell: ShellTemplate; html: string }>>();

export async function registerWebShell(app: FastifyInstance, options: { webDist: string }): Promise<void> {
  const { webDist } = options;
  // The guardian's consent page stands on its own (no app, no JavaScript): served with or without a build.
  await registerConsentPage(app);
  const indexFile = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);

  if (hasWeb) {
    const template = new TemplateFile(indexFile);

    const sendPage = (reply: FastifyReply, html: string) =>
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);

    /** The home with the first page of its filters, or the bare shell. */
    const homeHtml = async (request: FastifyRequest): Promise<string> => {
      const shell = template.get();
      const query = homeQuery(request.query);
      if (!shell.fillable || !query) {
        return shell.html;
      }
      try {
        const page = await readGalleryPage({ db: app.db, actor: null, query: query.filters });
        let byQuery = renderedHomes.get(page);
        if (!byQuery) {
          byQuery = new Map();
          renderedHomes.set(page, byQuery);
        }
        const kept = byQuery.get(query.text);
        if (kept?.shell === shell) {
          return kept.html;
        }
        const filtered = query.text !== '';
        const html = shell.render(homePageParts({ query: query.text, filtered, page }));
        byQuery.set(query.text, { shell, html });
        return html;
      } catch (error) {
        request.log.warn({ err: error }, 'home served without its first page');
        return shell.html;
      }
    };

    /** A fic's page with its preview tags when it is published, or the bare shell. */
    const storyHtml = async (request: FastifyRequest, storyId: string): Promise<string> => {
      const shell = template.get();
      if (!shell.fillable || !UUID.test(storyId)) {
        return shell.html;
      }
      try {
        // Asked as a visitor: the gate answers a published fic only, anything else is a 404.
        const story = await getStory({ db: app.db, actor: null, storyId });
        return shell.render(storyPageParts(story, app.config.publicUrl));
      } catch (error) {
        // Not found (or not visible) is the usual case; anything else is worth a line in the log.
        if (!(error instanceof AppError && error.type === 'NOT_FOUND')) {
          request.log.warn({ err: error }, 'fic page served without its preview tags');
        }
        return shell.html;
      }
    };

    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      wildcard: false,
      // The build writes each script and style sheet brotli'd and gzipped beside it (vite.config.ts):
      // sent as they are, never compressed again per request.
      preCompressed: true,
      // index.html is answered by the routes below (no-cache) and /index.html redirects to /. The
      // .br and .gz copies get no route of their own: the file's route sends them (preCompressed), and
      // registering a route per copy was more than half the routes and about a tenth of a second of
      // every start (issue 23.3).
      globIgnore: ['index.html', '**/*.br', '**/*.gz'],
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          void res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
    app.get('/index.html', { schema: { hide: true } }, (_request, reply) => reply.redirect('/', 301));

    app.get('/', { schema: { hide: true } }, async (request, reply) =>
      sendPage(reply, await homeHtml(request)),
    );
    app.get<{ Params: { storyId: string } }>(
      '/fics/:storyId',
      { schema: { hide: true } },
      async (request, reply) => sendPage(reply, await storyHtml(request, request.params.storyId)),
    );

    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const isApi = url === '/api' || url.startsWith('/api/');
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') && !isApi && !/\.\w+$/.test(url);
      if (wantsPage) {
        return sendPage(reply, template.get().html);
      }
      return reply.status(404).send(apiNotFound());
    });
    return;
  }

  app.setNotFoundHandler((_request, reply) => reply.status(404).send(apiNotFound()));
}
