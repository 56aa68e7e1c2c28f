import { z } from 'zod';
import { idSchema, pagedSchema, pageQuerySchema } from './common';

/**
 * In-app notifications (issue 19.4): the header's bell and /notificaciones. Each is written for its
 * recipient when the change happens, its text already in Spanish.
 */
export const notificationTypes = [
  /** Student: their fic was evaluated (the text has the score). */
  'STORY_EVALUATED',
  /** Student: their fic was published. */
  'STORY_PUBLISHED',
  /** Student: the evaluator rewrote the evaluation of their resent fic (it came back with corrections). */
  'STORY_RETURNED',
  /** Student: a comment on their fic. */
  'STORY_COMMENTED',
  /** Anyone who commented: a reply to their comment. */
  'COMMENT_REPLIED',
  /** Teacher: a fic of their grades was sent (or resent) for review. */
  'STORY_TO_REVIEW',
  /** Administrator: a new registration or change request. */
  'REQUEST_CREATED',
  /** Student: a teacher noted a passage of their fic (issue 20.1). */
  'ANNOTATION_ADDED',
  /** Student: a reply to a note on their fic. */
  'ANNOTATION_REPLIED',
  /** Student: a note on their fic, resolved, was opened again. */
  'ANNOTATION_REOPENED',
  /** A note's writer (teacher, administrator): the fic's author replied to it. */
  'ANNOTATION_ANSWERED',
  /** A note's writer: it was marked 'Resuelta'. */
  'ANNOTATION_RESOLVED',
  /** A note's writer: an edit of the text left it without a place ('Notas sin ubicación'). */
  'ANNOTATION_ORPHANED',
  /** Teacher of the author's grade, administrator: a new case in the 'Reportes' queue (issue 21.3). */
  'REPORT_CREATED',
  /** A reporter: the outcome of what they reported ('Mantener' or 'Eliminar'), without names. */
  'REPORT_SETTLED',
  /** The author of a comment, reply or fic removed by moderation, with the reason. */
  'CONTENT_REMOVED',
  /** Teacher of the fic's grade: a comment or reply on it waits for approval (issue 21.5-6). */
  'COMMENT_HELD',
  /** The writer: their held comment or reply was approved and shows now. */
  'COMMENT_APPROVED',
  /** The writer: their held comment or reply was not approved (it was deleted). */
  'COMMENT_REJECTED',
  /** Administrator: a confirmed request under Ley 21.719 entered the queue (issue 22.3). */
  'PRIVACY_REQUEST_CREATED',
  /** Administrator: a request under Ley 21.719 falls due within a week (told once per due date). */
  'PRIVACY_REQUEST_DUE',
  /** Administrator: another administrator recorded a security incident (issue 22.6). */
  'SECURITY_INCIDENT_RECORDED',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

export const notificationsPaging = { defaultLimit: 20, maxLimit: 50 } as const;

/** GET /notifications?page&limit: the caller's notifications, newest first. */
export const notificationsQuerySchema = z.object(pageQuerySchema(notificationsPaging).shape);
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

export const notificationSchema = z.object({
  _id: idSchema,
  type: z.enum(notificationTypes),
  text: z.string(),
  /** The fic it is about, if any (and while it exists). */
  storyId: idSchema.nullable(),
  /** The comment it is about: the new one (STORY_COMMENTED), or the one replied to (COMMENT_REPLIED). */
  commentId: idSchema.nullable(),
  /** REQUEST_CREATED: which list the request is on (/registros or /cambios); null otherwise. */
  requestKind: z.enum(['REGISTER', 'CHANGE']).nullable(),
  read: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsResponseSchema = z.object({
  notifications: pagedSchema(notificationSchema),
  /** The caller's unread notifications, all pages (the bell's count). */
  unread: z.number().int(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

export const notificationReadMessages = {
  readIdsInvalid: 'Indica entre 1 y 100 notificaciones',
  readBodyInvalid: 'Indica las notificaciones (ids) o todas (all: true)',
} as const;

/**
 * POST /notifications/read: `{ ids }` marks those of the caller's notifications as read (others'
 * ids are ignored), `{ all: true }` every one of them. Answers the unread count left.
 */
export const readNotificationsBodySchema = z.union(
  [
    z.strictObject({
      ids: z
        .array(idSchema, { error: notificationReadMessages.readIdsInvalid })
        .min(1, notificationReadMessages.readIdsInvalid)
        .max(100, notificationReadMessages.readIdsInvalid),
    }),
    z.strictObject({ all: z.literal(true) }),
  ],
  { error: notificationReadMessages.readBodyInvalid },
);
export type ReadNotificationsBody = z.infer<typeof readNotificationsBodySchema>;

export const readNotificationsResponseSchema = z.object({ unread: z.number().int() });
