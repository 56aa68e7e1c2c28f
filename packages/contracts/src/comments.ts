import { z } from 'zod';
import { idSchema, pagedSchema, pageQuerySchema } from './common';
import { moderationFlagSchema } from './moderation';

/** Comments and replies (spec 001 §2, §3, §7): pages of 5 (spec 001 §9). */
export const commentsPaging = { defaultLimit: 5, maxLimit: 5 } as const;

export const commentLimits = {
  /** Characters of the HTML as sent (formatting included). */
  textMax: 5_000,
  /** Visible characters once cleaned. */
  plainTextMax: 1_000,
  /**
   * Per user (docs/decisions/social.md): new comments and replies together, a minute and a day; edits
   * of either, a minute. Deleting is not limited (it only takes away).
   */
  postsPerMinute: 10,
  postsPerDay: 100,
  editsPerMinute: 20,
} as const;

/** Spec 001 §5 and §8, word for word. */
export const commentMessages = {
  /** The writer of a comment or reply whose account was erased (issue 22.4). */
  erasedWriter: 'Usuario eliminado',
  /** In place of the text of a comment or reply whose writer's account was erased with it. */
  commentTextRemoved: 'Comentario eliminado a pedido de quien lo escribió.',
  replyTextRemoved: 'Respuesta eliminada a pedido de quien la escribió.',
  textRequired: 'El texto no puede estar vacio',
  editTextRequired: 'El comentario no puede estar vacio!!',
  replyRequired: 'La respuesta no puede estar vacia!!',
  textMax: `El comentario debe tener máximo ${commentLimits.plainTextMax.toLocaleString('es-CL')} caracteres`,
  replyMax: `La respuesta debe tener máximo ${commentLimits.plainTextMax.toLocaleString('es-CL')} caracteres`,
  loginRequired: 'Debes iniciar sesión para realizar esta acción',
  notPublished: 'Solo se puede comentar una fic publicada',
  // Ours (the spec shows none for these).
  notFound: 'El comentario no existe',
  replyNotFound: 'La respuesta no existe',
  rateLimited: 'Has escrito muchos comentarios seguidos. Espera un minuto e inténtalo de nuevo',
  dailyRateLimited: `Llegaste al máximo de ${commentLimits.postsPerDay} comentarios y respuestas por día. Podrás volver a escribir mañana`,
  repeated: 'Ya escribiste ese mismo comentario. Escribe algo distinto',
  editRateLimited: 'Estás editando muy seguido. Espera un minuto e inténtalo de nuevo',
  created: 'Comentario enviado exitosamente',
  updated: 'Comentario actualizado exitosamente',
  deleted: 'Comentario eliminado exitosamente',
  replyCreated: 'Respuesta enviada exitosamente',
  replyUpdated: 'Respuesta actualizada exitosamente',
  replyDeleted: 'Respuesta eliminada exitosamente',
  empty: 'No hay comentarios',
  noMore: 'No hay más comentarios',
  noMoreReplies: 'No hay más respuestas',
  actionFailed: 'Ups, algo ha salido mal',
  inlineFailed: 'Algo ha salido mal. Intente de nuevo más tarde.',
} as const;

/**
 * The comment toolbar (spec 001 §2): bold, italic, underline, strike and quote. The server keeps only
 * these tags (and paragraphs and line breaks); the browser cleans again before rendering.
 */
export const commentHtmlTags: readonly string[] = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'blockquote',
];

const textField = (required: string) =>
  z
    .string({ error: required })
    .max(
      commentLimits.textMax,
      required === commentMessages.replyRequired ? commentMessages.replyMax : commentMessages.textMax,
    );

/** POST /comments `{ text, storyId }`. */
export const createCommentBodySchema = z.object({
  text: textField(commentMessages.textRequired),
  storyId: idSchema,
});
export type CreateCommentBody = z.infer<typeof createCommentBodySchema>;
/** PATCH /comments/:id `{ text }`. */
export const updateCommentBodySchema = z.object({ text: textField(commentMessages.editTextRequired) });
export type UpdateCommentBody = z.infer<typeof updateCommentBodySchema>;
/** POST /comments/:id/replies and PATCH /comments/:commentId/replies/:replyId `{ text }`. */
export const replyBodySchema = z.object({ text: textField(commentMessages.replyRequired) });
export type ReplyBody = z.infer<typeof replyBodySchema>;

export const commentsQuerySchema = z.object({
  ...pageQuerySchema(commentsPaging).shape,
  storyId: idSchema,
});
export type CommentsQuery = z.infer<typeof commentsQuerySchema>;
export const repliesQuerySchema = z.object(pageQuerySchema(commentsPaging).shape);
export type RepliesQuery = z.infer<typeof repliesQuerySchema>;

export const replyParamsSchema = z.object({ commentId: idSchema, replyId: idSchema });

/**
 * The writer of a comment or reply (spec 001 §3: name, profilePicture.url, role.displayName). To a
 * visitor without a session a student appears as 'Sofía E.' without a photo (architecture.md §6.8).
 * The author of an anonymous or pseudonymous fic writing on it appears as the fic shows them, to
 * everyone who may not know them: 'Autor/a' or the pseudonym, no photo, and no id (`_id: null`).
 */
export const commentAuthorSchema = z
  .object({
    _id: z.string().nullable(),
    name: z.string(),
    profilePicture: z.object({ url: z.string() }).nullable(),
    role: z.object({ name: z.string(), displayName: z.string() }),
    /** The writer is the fic's author (the web shows an 'Autor/a' badge). */
    isStoryAuthor: z.boolean(),
  })
  .meta({ id: 'CommentAuthor' });
export type CommentAuthor = z.infer<typeof commentAuthorSchema>;

/** What the caller may do with a comment or reply, decided by the server (spec 001 §6). */
export const commentPermissionsSchema = z.object({
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  /**
   * True on a comment or reply held for approval that the caller may approve or reject (issue 21.5-6:
   * a teacher of the fic's grade, an administrator); absent otherwise.
   */
  canApprove: z.boolean().optional(),
});
export type CommentPermissions = z.infer<typeof commentPermissionsSchema>;

export const replySchema = z
  .object({
    _id: z.string(),
    commentId: z.string(),
    userId: commentAuthorSchema,
    /** Cleaned HTML (the comment allowlist); render it only after DOMPurify. */
    text: z.string(),
    wasEdited: z.boolean(),
    createdAt: z.string(),
    permissions: commentPermissionsSchema,
    /** Hidden for review ('En revisión'); only those who still see it get it (docs/decisions/moderation.md). */
    moderation: moderationFlagSchema.nullable().optional(),
    /** True when its writer's account was erased with its text (issue 22.4): `text` is empty. */
    textRemoved: z.boolean().optional(),
  })
  .meta({ id: 'Reply' });
export type Reply = z.infer<typeof replySchema>;

export const commentSchema = z
  .object({
    _id: z.string(),
    storyId: z.string(),
    userId: commentAuthorSchema,
    text: z.string(),
    wasEdited: z.boolean(),
    createdAt: z.string(),
    /** How many replies it has; they are read a page at a time from GET /comments/:id/replies. */
    replies: z.number().int(),
    permissions: commentPermissionsSchema,
    /** Hidden for review ('En revisión'); only those who still see it get it (docs/decisions/moderation.md). */
    moderation: moderationFlagSchema.nullable().optional(),
    /** True when its writer's account was erased with its text (issue 22.4): `text` is empty. */
    textRemoved: z.boolean().optional(),
  })
  .meta({ id: 'Comment' });
export type Comment = z.infer<typeof commentSchema>;

export const commentsResponseSchema = z.object({ comments: pagedSchema(commentSchema) });
export const repliesResponseSchema = z.object({ replies: pagedSchema(replySchema) });
export const commentResponseSchema = z.object({ comment: commentSchema, message: z.string() });
export const replyResponseSchema = z.object({ reply: replySchema, message: z.string() });
export const commentDeletedResponseSchema = z.object({ message: z.string() });
