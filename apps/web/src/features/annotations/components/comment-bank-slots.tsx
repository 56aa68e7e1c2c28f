import type { ReactNode } from 'react';
import { CommentBankButton, SaveCommentButton } from '../../comment-bank';

/**
 * Where 'Mis comentarios' (features/comment-bank, issue 20.4) plugs into notes: NoteThread's
 * `saveToCommentBank` (shown only on a note the viewer wrote, so only to teachers and
 * administrators) and NoteTextForm's `commentBankPicker` (the new note's form, only for who may
 * annotate): a saved comment picked goes into the field.
 */
export const commentBankSlots: { saveToCommentBank: (text: string, field: string) => ReactNode } = {
  saveToCommentBank: (text, field) => <SaveCommentButton text={text} field={field} />,
};

export const commentBankPicker = (insert: (text: string) => void, field: string): ReactNode => (
  <CommentBankButton onPick={insert} field={field} />
);
