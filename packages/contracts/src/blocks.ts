import { z } from 'zod';
import { idSchema, pagedSchema, pageQuerySchema } from './common';

/**
 * Blocking (issue 21.4, docs/decisions/blocks.md): a student blocks another student; from then on
 * neither sees the other's comments and replies, and neither may comment on the other's fics nor
 * reply to the other's comments or within the threads of the other's fics.
 */
export const blocksPaging = { defaultLimit: 10, maxLimit: 50 } as const;

export const blockMessages = {
  userRequired: 'Indica a quién quieres bloquear',
  self: 'No puedes bloquearte a ti mismo/a',
  onlyStudents: 'Solo los estudiantes pueden bloquear a otros usuarios',
  notStudent:
    'Solo puedes bloquear a otros estudiantes: docentes y administradores siguen acompañando tu trabajo',
  userNotFound: 'El usuario no existe',
  notBlocked: 'No tienes bloqueado a este usuario',
  blocked: 'Usuario bloqueado. Ya no verán sus comentarios entre ustedes',
  alreadyBlocked: 'Ya tenías bloqueado a este usuario',
  unblocked: 'Usuario desbloqueado',
  /** A comment or reply refused because of a block, in either direction. */
  cannotComment: 'No puedes comentar aquí: hay un bloqueo entre tú y esta persona',
  cannotReply: 'No puedes responder aquí: hay un bloqueo entre tú y esta persona',
} as const;

/** POST /blocks `{ userId }`. */
export const blockBodySchema = z.object({
  userId: z.uuid({
    error: (issue) => (issue.input === undefined ? blockMessages.userRequired : 'Identificador inválido'),
  }),
});
export type BlockBody = z.infer<typeof blockBodySchema>;

/** DELETE /blocks/:userId. */
export const blockParamsSchema = z.object({ userId: idSchema });

/** GET /blocks?page&limit: the people the caller blocked, newest first. */
export const blocksQuerySchema = z.object(pageQuerySchema(blocksPaging).shape);
export type BlocksQuery = z.infer<typeof blocksQuerySchema>;

/** Someone the caller blocked: their public name and photo, and since when. */
export const blockedUserSchema = z
  .object({
    user: z.object({
      _id: z.string(),
      name: z.string(),
      profilePicture: z.object({ url: z.string() }).nullable(),
    }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'BlockedUser' });
export type BlockedUser = z.infer<typeof blockedUserSchema>;

export const blocksResponseSchema = z.object({ blocks: pagedSchema(blockedUserSchema) });
export type BlocksResponse = z.infer<typeof blocksResponseSchema>;

/** 201 when blocked now, 200 when the block already existed (idempotent). */
export const blockResponseSchema = z.object({ block: blockedUserSchema, message: z.string() });
export type BlockResponse = z.infer<typeof blockResponseSchema>;

export const unblockResponseSchema = z.object({ message: z.string() });
