import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limits } from '@fics/contracts';
import type { Config } from './config';
import type { Database } from './db/client';
import { requestLoggerOptions } from './lib/log-redaction';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors';
import { cacheControlPlugin } from './plugins/cache-control';
import { contextPlugin } from './plugins/context';
import { shutdownPlugin } from './plugins/shutdown';
import { authPlugin } from './plugins/auth';
import { rateLimitPlugin, type RateLimitPluginOptions } from './plugins/rate-limit';
import { mailPlugin, type MailTransport } from './modules/mail';
import { housekeepingPlugin } from './modules/housekeeping';
import { eventsPlugin, type EventSubscriber } from './modules/events';
import { healthRoutes } from './modules/health';
import { galleryCacheSubscriber, storiesRoutes } from './modules/stories';
import { annotationsReanchorSubscriber, annotationsRoutes } from './modules/annotations';
import { blocksRoutes } from './modules/blocks';
import { commentBankRoutes } from './modules/comment-bank';
import { moderationRoutes } from './modules/moderation';
import { moderationWordsRoutes } from './modules/moderation-words';
import { clientConfigRoutes, cspSourceOf } from './modules/client-config';
import { regionsRoutes } from './modules/regions';
import { collegesRoutes } from './modules/colleges';
import { usersMailSubscriber, usersRoutes } from './modules/users';
import { mediaRoutes } from './modules/media';
import { authRoutes } from './modules/auth';
import { rolesRoutes } from './modules/roles';
import { evaluationsRoutes } from './modules/evaluations';
import { notificationsRoutes, notificationsSubscriber } from './modules/notifications';
import { commentsRoutes } from './modules/comments';
import { trackingRoutes, trackingSubscriber } from './modules/tracking';
import { rubricsRoutes } from './modules/rubrics';
import { requestsMailSubscriber, requestsRoutes } from './modules/requests';
import {
  privacyDeadlinesPlugin,
  privacyRequestsMailSubscriber,
  privacyRequestsRoutes,
} from './modules/privacy-requests';
import { dataExportRoutes, erasureRoutes } from './modules/personal-data';
import { securityIncidentsRoutes } from './modules/security-incidents';
import { INLINE_SCRIPT_HASHES, registerWebShell } from './modules/web-shell';
import { transformWithUploadBodies } from './lib/upload-body-docs';

z.config(z.locales.es());

export const API_PREFIX = '/api/v1';

/**
 * Every module's domain event subscribers (issue 19.3), each exported from its module's index.ts.
 * The events plugin delivers each event to those whose `types` include it, in this order, in one
 * transaction per event.
 */
export const eventSubscribers: readonly EventSubscriber[] = [
  galleryCacheSubscriber,
  trackingSubscriber,
  usersMailSubscriber,
  requestsMailSubscriber,
  privacyRequestsMailSubscriber,
  notificationsSubscriber,
  annotationsReanchorSubscriber,
];

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /**
   * Pino logger options, added to the app's own (level, redaction of tokens and credentials: a test
   * gives a `stream` and still gets them); false: no logs (most tests).
   */
  logger?: boolean | object;
  /** Tests: a limiter to use, or a Redis key prefix of their own. */
  rateLimit?: RateLimitPluginOptions;
  /** Tests: where mail goes instead of SMTP_URL or the log. */
  mailTransport?: MailTransport;
  /** Tests: the domain event subscribers instead of `eventSubscribers`. */
  eventSubscribers?: readonly EventSubscriber[];
}

/**
 * Content-Security-Policy for our HTML: our own origin only, no framing, except the map tiles and
 * place search the send dialog uses when configured (MAP_TILE_URL, MAP_GEOCODER_URL), and the home's
 * painted inline script by its hash.
 */
const cspDirectives = (config: Config) => ({
  defaultSrc: ["'self'"],
  // The server-painted home's one inline script, by its hash (web-shell home.ts): no other inline script runs.
  scriptSrc: ["'self'", ...INLINE_SCRIPT_HASHES],
  // MUI (emotion) injects style elements at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', ...cspSourceOf(config.map.tileUrl)],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", ...cspSourceOf(config.map.geocoderUrl)],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
});

/**
 * Permissions-Policy (issue 18.11; helmet no longer sets it): the powerful features the app uses are
 * allowed to our own origin only, and no frame of another origin gets them: geolocation ('Mi
 * ubicación' in the send dialog) and clipboard-write (the share dialog's 'Copiar enlace'). Every
 * other one is denied, the camera included (covers and photos are chosen as files, never taken
 * through it). Only names the browsers we test recognise: an unknown one logs an error on every page
 * ('interest-cohort' is long gone; Chromium on Linux has no 'web-share', 'bluetooth' nor
 * 'attribution-reporting'). web-share needs no entry: its default is already our origin only.
 */
export const permissionsPolicy = [
  'geolocation=(self)',
  'clipboard-write=(self)',
  ...[
    'accelerometer',
    'autoplay',
    'browsing-topics',
    'camera',
    'clipboard-read',
    'display-capture',
    'encrypted-media',
    'fullscreen',
    'gyroscope',
    'hid',
    'identity-credentials-get',
    'idle-detection',
    'local-fonts',
    'magnetometer',
    'microphone',
    'midi',
    'otp-credentials',
    'payment',
    'picture-in-picture',
    'publickey-credentials-create',
    'publickey-credentials-get',
    'screen-wake-lock',
    'serial',
    'usb',
    'window-management',
    'xr-spatial-tracking',
  ].map((feature) => `${feature}=()`),
].join(', ');

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
/** Fastify types these factories after ajv's; zod's compilers take the same route definitions. */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            ...requestLoggerOptions(config.logLevel),
            ...(typeof options.logger === 'object' ? options.logger : {}),
          },
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    // Requests that reach the router while closing are served: the database closes after the last one.
    // (Fastify's own 503 for them would answer in another shape than ours.)
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    frameworkErrors,
    clientErrorHandler,
    // Every route validates and serializes with its zod schemas. Given as the schema controller's
    // factories, not with setValidatorCompiler after the fact: Fastify then never loads its defaults,
    // ajv and fast-json-stringify, which were a quarter of a second of every start (issue 23 point 3).
    schemaController: { compilersFactory: zodCompilers },
  }).withTypeProvider<ZodTypeProvider>();

  // External plugins.
  await app.register(errorsPlugin);
  // Before any route: `no-store` unless a route's config.cache allows more, and always on errors.
  await app.register(cacheControlPlugin);
  await app.register(shutdownPlugin);
  await app.register(helmet, {
    contentSecurityPolicy: { directives: cspDirectives(config) },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
    // Uploaded media may be shown by other origins (e-mail clients, share previews).
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  // Beside helmet's headers, on every answer: pages (the SPA and the server-painted home), API, errors.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', permissionsPolicy);
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(multipart, {
    // A fic's text is up to 100,000 characters of HTML, up to 4 bytes each in UTF-8.
    limits: { fileSize: limits.imageMaxBytes, files: 1, fields: 20, fieldSize: 512 * 1024, parts: 25 },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Fics API', description: 'API de la plataforma Fics', version: '1.0.0' },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    // zod's transform, plus the request bodies of the routes that read their own (multipart forms).
    transform: transformWithUploadBodies,
    // Schemas with a `.meta({ id })` (the error shape, User, Story…) become components/schemas entries
    // the routes' `$ref`s point to; without this every such `$ref` dangles.
    transformObject: jsonSchemaTransformObject,
  });
  // No staticCSP: the page gets our helmet CSP (own origin only, no framing), which Swagger UI runs under.
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // App plugins.
  await app.register(contextPlugin, { config, database });
  // Runs after every other onClose hook (they run in reverse order), once in-flight requests are done.
  app.addHook('onClose', async () => {
    await database.close();
  });
  await app.register(authPlugin);
  await app.register(rateLimitPlugin, options.rateLimit ?? {});
  await app.register(mailPlugin, { transport: options.mailTransport });
  // Before the routes: its onSend hook delivers a write request's events before the answer goes out.
  await app.register(eventsPlugin, { subscribers: options.eventSubscribers ?? eventSubscribers });
  await app.register(housekeepingPlugin);
  await app.register(privacyDeadlinesPlugin);

  // Routes.
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(regionsRoutes);
      await api.register(collegesRoutes);
      await api.register(usersRoutes);
      await api.register(storiesRoutes);
      await api.register(annotationsRoutes);
      await api.register(commentBankRoutes);
      await api.register(clientConfigRoutes);
      await api.register(mediaRoutes);
      await api.register(authRoutes);
      await api.register(rolesRoutes);
      await api.register(evaluationsRoutes);
      await api.register(notificationsRoutes);
      await api.register(rubricsRoutes);
      await api.register(commentsRoutes);
      await api.register(moderationRoutes);
      await api.register(moderationWordsRoutes);
      await api.register(blocksRoutes);
      await api.register(trackingRoutes);
      await api.register(requestsRoutes);
      await api.register(dataExportRoutes);
      await api.register(erasureRoutes);
      await api.register(privacyRequestsRoutes);
      await api.register(securityIncidentsRoutes);
    },
    { prefix: API_PREFIX },
  );

  await registerWebShell(app, { webDist: config.webDist });
  return app;
}
