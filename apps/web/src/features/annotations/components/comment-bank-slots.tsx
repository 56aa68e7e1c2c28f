import type { ReactNode } from 'react';

/**
 * Where the comment bank (features/comment-bank, issue 20.4) plugs into notes: NoteTextForm's
 * `commentBankPicker` (CommentBankButton: a saved comment goes into a new note) and NoteThread's
 * `saveToCommentBank` (SaveCommentButton: the viewer's own note goes to 'Mis comentarios').
 * Empty until that feature lands; wire its exports here and every view of notes gets them.
 */
export const commentBankSlots: {
  saveToCommentBank?: (text: string) => ReactNode;
} = {};

export const commentBankPicker: ((insert: (text: string) => void) => ReactNode) | undefined = undefined;
