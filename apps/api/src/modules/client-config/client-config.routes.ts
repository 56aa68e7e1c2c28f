import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientConfigResponseSchema, defaultMapView } from '@fics/contracts';

export const clientConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/client-config',
    {
      // The server's settings, the same for everybody.
      config: { cache: { public: 300 } },
      schema: {
        tags: ['Configuración'],
        summary:
          'Ajustes que el navegador necesita: el mapa y el buscador de lugares configurados, y el correo de contacto',
        response: { 200: clientConfigResponseSchema },
      },
    },
    async () => ({
      map: { ...app.config.map, center: { ...defaultMapView.center }, zoom: defaultMapView.zoom },
      contactEmail: app.config.contactEmail,
    }),
  );
};

/**
 * The CSP source that lets the page load from a configured URL template: its origin, with a
 * `{s}.` subdomain placeholder widened to `*.` (Leaflet's a/b/c tile servers).
 */
export function cspSourceOf(template: string | null): string[] {
  if (!template) {
    return [];
  }
  const wildcard = /^https?:\/\/\{s\}\./.test(template);
  const url = new URL(template.replace(/\{[a-z]+\}/gi, '0'));
  return [wildcard ? `${url.protocol}//*.${url.host.replace(/^0\./, '')}` : url.origin];
}
