import { z } from 'zod';
import { pagedSchema, pageQuerySchema } from './common';

/**
 * A student's activity (spec 001 §2 User activity tracking, §3 Tracking record; architecture.md
 * §6.6). The server records every event itself, except the two it cannot see: reading a fic in the
 * browser and leaving a session on a device that is no longer online (POST /tracking).
 */
export const trackingResources = ['AUTH', 'STORIES', 'PROFILE', 'COMMENTS', 'REPLIES'] as const;
export type TrackingResource = (typeof trackingResources)[number];

export const trackingActions = {
  AUTH: ['LOGIN', 'LOGOUT'],
  STORIES: ['CREATE', 'SEND', 'DELETE', 'READ', 'LIKE', 'UNLIKE', 'UPDATE'],
  PROFILE: ['UPDATE_NAME', 'UPDATE_BIO', 'UPDATE_NICKNAME', 'UPDATE_AVATAR'],
  COMMENTS: ['CREATE', 'UPDATE', 'DELETE'],
  REPLIES: ['CREATE', 'UPDATE', 'DELETE'],
} as const satisfies Record<TrackingResource, readonly string[]>;
export type TrackingAction = (typeof trackingActions)[TrackingResource][number];

/** One event as `${resource}.${action}`: the key of its label. */
export type TrackingEventKey = {
  [R in TrackingResource]: `${R}.${(typeof trackingActions)[R][number]}`;
}[TrackingResource];

/** The label of each event on /usuarios/:userId (spec 001 §2: a label per action). */
export const trackingLabels: Record<TrackingEventKey, string> = {
  'AUTH.LOGIN': 'Inició sesión',
  'AUTH.LOGOUT': 'Cerró sesión',
  'STORIES.CREATE': 'Creó una fic',
  'STORIES.SEND': 'Envió una fic a revisión',
  'STORIES.DELETE': 'Eliminó una fic',
  'STORIES.READ': 'Leyó una fic',
  'STORIES.LIKE': 'Le gustó una fic',
  'STORIES.UNLIKE': 'Quitó su me gusta de una fic',
  'STORIES.UPDATE': 'Editó una fic',
  'PROFILE.UPDATE_NAME': 'Cambió su nombre',
  'PROFILE.UPDATE_BIO': 'Cambió su biografía',
  'PROFILE.UPDATE_NICKNAME': 'Cambió su apodo',
  'PROFILE.UPDATE_AVATAR': 'Cambió su foto de perfil',
  'COMMENTS.CREATE': 'Comentó una fic',
  'COMMENTS.UPDATE': 'Editó un comentario',
  'COMMENTS.DELETE': 'Eliminó un comentario',
  'REPLIES.CREATE': 'Respondió un comentario',
  'REPLIES.UPDATE': 'Editó una respuesta',
  'REPLIES.DELETE': 'Eliminó una respuesta',
};

export const trackingMessages = {
  /** Spec 001 §8. */
  empty: 'Sin actividad reciente...',
  title: 'Actividad Reciente',
  onlyReadOrLogout: 'Solo se puede registrar la lectura de una fic o el cierre de sesión',
  storyRequired: 'Indica la fic leída',
  recorded: 'Actividad registrada',
} as const;

/**
 * POST /tracking: the browser may report only that the student read a fic or logged out
 * (architecture.md §6.6); every other event is recorded by the server where it happens.
 */
export const createTrackingBodySchema = z.discriminatedUnion(
  'action',
  [
    z.object({
      resource: z.literal('STORIES', { error: trackingMessages.onlyReadOrLogout }),
      action: z.literal('READ'),
      storyId: z.uuid({
        error: (issue) =>
          issue.input === undefined ? trackingMessages.storyRequired : 'Identificador inválido',
      }),
    }),
    z.object({
      resource: z.literal('AUTH', { error: trackingMessages.onlyReadOrLogout }),
      action: z.literal('LOGOUT'),
    }),
  ],
  { error: trackingMessages.onlyReadOrLogout },
);
export type CreateTrackingBody = z.infer<typeof createTrackingBodySchema>;
export const createTrackingResponseSchema = z.object({
  /** False when the event was not recorded (the caller is not a student, or it repeats one just recorded). */
  recorded: z.boolean(),
});

export const trackingPaging = { defaultLimit: 13, maxLimit: 50 } as const;
export const trackingQuerySchema = z.object(pageQuerySchema(trackingPaging).shape);
export type TrackingQuery = z.infer<typeof trackingQuerySchema>;

/**
 * The comment or reply an event names: its text and date while it exists (spec 001 §3); `deleted`
 * once it no longer does (deleted by its writer or a moderator, or with its comment or fic), so the
 * line can say so.
 */
const mentionedSchema = z.object({
  _id: z.string(),
  text: z.string().nullable(),
  createdAt: z.string().nullable(),
  deleted: z.boolean(),
});

export const trackingRecordSchema = z
  .object({
    _id: z.string(),
    resource: z.enum(trackingResources),
    action: z.string(),
    date: z.string(),
    /** Seconds of writing this event added (creating, editing or sending a fic); null otherwise. */
    writingTime: z.number().int().nullable(),
    /** The fic it concerns, with its title as it was then; null when none. */
    storyId: z.string().nullable(),
    storyTitle: z.string().nullable(),
    /** The comment or reply, with its text and date while it still exists (spec 001 §3). */
    commentId: mentionedSchema.nullable(),
    replyId: mentionedSchema.nullable(),
  })
  .meta({ id: 'TrackingRecord' });
export type TrackingRecord = z.infer<typeof trackingRecordSchema>;

/** `{ tracking: { docs, page, limit, totalDocs, hasNextPage, nextPage } }`, newest first. */
export const trackingResponseSchema = z.object({ tracking: pagedSchema(trackingRecordSchema) });
