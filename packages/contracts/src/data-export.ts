import type { z } from 'zod';
import { idParamsSchema } from './common';

/**
 * 'Mis datos' (issue 22.2, docs/decisions/privacy.md): GET /me/data-export and, for administrators,
 * GET /users/:id/data-export answer a ZIP with LEEME.txt, datos.json and the person's fics as HTML
 * with their covers. A person's own export is produced at most once an hour.
 */

/** The person's own exports: one per this many milliseconds (an hour). */
export const DATA_EXPORT_INTERVAL_MS = 60 * 60 * 1000;

/** The ZIP's file name (the date is the day it was produced, yyyy-mm-dd). */
export const dataExportFilename = (date: string) => `mis-datos-fics-${date}.zip`;

export const DATA_EXPORT_CONTENT_TYPE = 'application/zip';

/** GET /users/:id/data-export: the person's id. */
export const dataExportParamsSchema = idParamsSchema;

export const dataExportMessages = {
  /** 429: the hourly limit (the Retry-After header says the same in seconds). */
  rateLimited: (minutes: number) =>
    `Puedes descargar tus datos una vez por hora. Vuelve a intentarlo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
  /** 403 for anyone but an administrator asking for another person's data. */
  forbidden: 'Solo un administrador puede descargar los datos de otra persona',
  userNotFound: 'El usuario no existe',
};

/** What the web says the ZIP holds ('Mis datos' on /perfil). */
export const dataExportContents = [
  'LEEME.txt: qué es cada archivo y cómo ejercer tus derechos',
  'datos.json: tu perfil, establecimiento y curso, sesiones (fechas y direcciones IP), actividad, "me gusta", comentarios y respuestas, solicitudes, notas y evaluaciones recibidas',
  'Tus fics como páginas web, con sus portadas',
] as const;

export type DataExportParams = z.infer<typeof dataExportParamsSchema>;
