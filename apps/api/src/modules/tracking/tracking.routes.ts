import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Being built (issue 9). */
export const trackingRoutes: FastifyPluginAsyncZod = async () => {};
