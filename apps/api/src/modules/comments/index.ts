/** The comments module's public entry: other modules import only from here. */
export { commentsRoutes } from './comments.routes';
// Moderation (issue 21): reporting what one sees, hiding, showing, removing, by this module's rules.
// Who sees a comment or reply hidden for review, as SQL over its table (lists elsewhere, links).
export { visibleTo as commentVisibleTo } from './comment-access';
export {
  findReportableComment,
  findReportableReply,
  hideCommentForReview,
  removeCommentByModeration,
  showCommentAfterReview,
  type ReportableItem,
} from './comment-moderation';
// What it keeps about a person, for the register of personal data (issue 22.1).
export { commentsPersonalData } from './personal-data';
