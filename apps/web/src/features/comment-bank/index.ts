/**
 * What other features may use of 'Mis comentarios' (issue 20.4): the picker and the save button set
 * beside a comment field (the evaluation's, a criterion's, a note's).
 */
export { CommentBankButton } from './components/CommentBankButton';
export { SaveCommentButton } from './components/SaveCommentButton';
