import { z } from 'zod';
import { idSchema, pagedSchema, pageQuerySchema } from './common';

/**
 * Erasing an account (issue 22.4, docs/decisions/privacy.md 'Supresión'): an administrator erases a
 * person over the register of personal data, with the person's choices: each published fic deleted
 * or kept as 'Anónimo' (AO3's orphaning), their comments' texts removed or kept under 'Usuario
 * eliminado'. An erasure record (no personal data) is kept.
 */
export const erasureMessages = {
  storyNotPublished: 'Solo se puede conservar un fic publicado de esta persona',
  storiesMax: 'Demasiados fics en la lista',
  deleteSelf: 'No puedes eliminar tu propia cuenta',
  lastAdmin: 'No se puede eliminar al único administrador',
  requestNotErasure: 'La solicitud indicada no es una solicitud de supresión abierta',
  notFound: 'El usuario no existe',
  keepRequired: 'Indica si se conserva el fic',
  removeCommentTextsRequired: 'Indica si se quita el texto de sus comentarios',
} as const;

export const erasureStoryChoiceSchema = z.object({
  id: idSchema,
  keep: z.boolean({ error: erasureMessages.keepRequired }),
});

/**
 * POST /users/:id/erasure (administrators). `stories`: the person's choice per published fic; one
 * not listed follows `defaultKeep` (deleted unless said otherwise). Drafts and fics under review
 * are always deleted. `requestId`: the ERASURE privacy request it answers, if any.
 */
export const erasureBodySchema = z.object({
  requestId: idSchema.optional(),
  stories: z.array(erasureStoryChoiceSchema).max(1000, erasureMessages.storiesMax).default([]),
  defaultKeep: z.boolean().default(false),
  removeCommentTexts: z.boolean({ error: erasureMessages.removeCommentTextsRequired }),
});
export type ErasureBody = z.infer<typeof erasureBodySchema>;

/**
 * Why an account was erased: ADMIN, an administrator with the person's choices (POST
 * /users/:id/erasure); STAFF, a teacher or an administrator deleted it (DELETE /users/:id, everything
 * goes); RETENTION, the housekeeping job after 6 years without a login.
 */
export const erasureCauses = ['ADMIN', 'STAFF', 'RETENTION'] as const;
export type ErasureCause = (typeof erasureCauses)[number];
export const erasureCauseLabels: Record<ErasureCause, string> = {
  ADMIN: 'Por un administrador',
  STAFF: 'Eliminada desde la lista de usuarios',
  RETENTION: 'Por 6 años sin ingresar',
};

/** One erasure record: no personal data (not the person's id, name or e-mail). */
export const erasureRecordSchema = z
  .object({
    _id: z.string(),
    cause: z.enum(erasureCauses),
    privacyRequestId: z.string().nullable(),
    /** Who erased the account; null for retention or once their own account is gone. */
    performedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
    /** Rows removed or anonymised per table. */
    counts: z.record(z.string(), z.number().int()),
    storiesKept: z.number().int(),
    commentTextsRemoved: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'Erasure' });
export type ErasureRecord = z.infer<typeof erasureRecordSchema>;

export const erasureResponseSchema = z.object({ erasure: erasureRecordSchema });

/** GET /users/:id/erasure-options (administrators): the person's published fics, to choose. */
export const erasureOptionsResponseSchema = z.object({
  stories: z.array(z.object({ _id: z.string(), title: z.string(), publishedAt: z.string() })),
  comments: z.number().int(),
});
export type ErasureOptions = z.infer<typeof erasureOptionsResponseSchema>;

export const erasuresPaging = { defaultLimit: 20, maxLimit: 100 } as const;
/** GET /erasures?page&limit (administrators): newest first. */
export const erasuresQuerySchema = pageQuerySchema(erasuresPaging);
export const erasuresResponseSchema = z.object({ erasures: pagedSchema(erasureRecordSchema) });

/** The administrator's erasure dialog (web). */
export const erasureTexts = {
  title: (name: string) => `Suprimir la cuenta de ${name}`,
  explain:
    'Se borra todo lo que Fics guarda de esta persona. Marca lo que pidió en su solicitud: cada fic publicado se elimina o se conserva como "Anónimo", sin ningún vínculo con ella, y sus comentarios quedan firmados por "Usuario eliminado", con su texto o sin él. Sus borradores y fics en revisión se eliminan.',
  noStories: 'No tiene fics publicados.',
  deleteStory: 'Eliminar',
  keepStory: 'Conservar como Anónimo',
  removeCommentTexts: (n: number) =>
    `Quitar el texto de sus comentarios (${n.toLocaleString('es-CL')}; quedan como "Usuario eliminado")`,
  confirm: 'Suprimir cuenta',
  cancel: 'Cancelar',
  close: 'Cerrar',
  loading: 'Cargando',
  done: 'Cuenta suprimida. Queda esta constancia, sin datos de la persona:',
  counts: 'Filas eliminadas o anonimizadas por tabla',
  failed: 'No se pudo suprimir la cuenta. Inténtalo de nuevo.',
  /** The queue's button on an open ERASURE request of a person with an account (/solicitudes-datos). */
  fromRequest: 'Suprimir la cuenta',
  requestAccount: (name: string) => `Cuenta en Fics: ${name}`,
  /** The answer proposed to the requester once their account is erased (the administrator may edit it). */
  requestAnswer: (record: { storiesKept: number; commentTextsRemoved: boolean }) =>
    [
      'Suprimimos tu cuenta de Fics y los datos personales asociados a ella.',
      record.storiesKept === 1
        ? 'Tu fic publicado quedó en la galería como "Anónimo", sin ningún vínculo contigo, como pediste.'
        : record.storiesKept > 1
          ? `Tus ${record.storiesKept} fics publicados quedaron en la galería como "Anónimo", sin ningún vínculo contigo, como pediste.`
          : 'Tus fics fueron eliminados.',
      record.commentTextsRemoved
        ? 'Tus comentarios quedaron sin texto, firmados por "Usuario eliminado".'
        : 'Tus comentarios se conservan firmados por "Usuario eliminado".',
    ].join(' '),
} as const;
