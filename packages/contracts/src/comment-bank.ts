import { z } from 'zod';
import { idSchema, pagedSchema, pageQuerySchema } from './common';

/**
 * 'Mis comentarios' (issue 20.4): a teacher's own bank of comments, saved from a note or an
 * evaluation and reused in two clicks (docs/decisions/comment-bank.md).
 */
export const commentBankLimits = {
  /** Characters of a saved comment (plain text, trimmed), as a note's. */
  textMax: 1_000,
  /** Comments one teacher may keep (enforced by the database's conditional insert). */
  perOwner: 500,
  /** Characters of the search box. */
  searchMax: 100,
} as const;

export const commentBankPaging = { defaultLimit: 10, maxLimit: 50 } as const;

export const commentBankMessages = {
  textRequired: 'El comentario no puede estar vacío',
  textMax: `El comentario debe tener máximo ${commentBankLimits.textMax.toLocaleString('es-CL')} caracteres`,
  searchMax: `La búsqueda debe tener máximo ${commentBankLimits.searchMax} caracteres`,
  tooMany: `Ya tienes el máximo de ${commentBankLimits.perOwner} comentarios en Mis comentarios; borra alguno para guardar otro`,
  notFound: 'El comentario no existe',
  saved: 'Comentario guardado en Mis comentarios',
  alreadySaved: 'Ese comentario ya estaba en Mis comentarios',
  deleted: 'Comentario eliminado de Mis comentarios',
} as const;

/** GET /me/saved-comments?q&page&limit: the caller's comments, last used first; `q` ignores case and accents. */
export const savedCommentsQuerySchema = z.object({
  q: z.preprocess(
    (value) => (value === null ? undefined : value),
    z
      .string({ message: commentBankMessages.searchMax })
      .trim()
      .max(commentBankLimits.searchMax, { message: commentBankMessages.searchMax })
      .optional(),
  ),
  ...pageQuerySchema(commentBankPaging).shape,
});
export type SavedCommentsQuery = z.infer<typeof savedCommentsQuerySchema>;

/** POST /me/saved-comments. */
export const saveCommentBodySchema = z.object({
  text: z
    .string({ message: commentBankMessages.textRequired })
    .trim()
    .min(1, { message: commentBankMessages.textRequired })
    .max(commentBankLimits.textMax, { message: commentBankMessages.textMax }),
});
export type SaveCommentBody = z.infer<typeof saveCommentBodySchema>;

export const savedCommentSchema = z.object({
  _id: idSchema,
  text: z.string(),
  useCount: z.number().int(),
  /** When it was last used (saving it counts as its first touch: a new comment comes first). */
  lastUsedAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
});
export type SavedComment = z.infer<typeof savedCommentSchema>;

export const savedCommentsResponseSchema = z.object({ comments: pagedSchema(savedCommentSchema) });
export type SavedCommentsResponse = z.infer<typeof savedCommentsResponseSchema>;

/** 201 when saved now, 200 with the one already saved when the same text is saved again. */
export const savedCommentResponseSchema = z.object({ comment: savedCommentSchema, message: z.string() });
export type SavedCommentResponse = z.infer<typeof savedCommentResponseSchema>;

export const savedCommentDeletedResponseSchema = z.object({ message: z.string() });
