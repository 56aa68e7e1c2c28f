/**
 * The stories module's public entry: other modules import only from here (issue 19.2). The module
 * owns the fic: who sees it (the gate), its status (the lifecycle functions) and the events its
 * changes announce.
 */
export { storiesRoutes } from './stories.routes';
export {
  loadStoryFor,
  raceErrorFor,
  realAuthorKnownTo,
  storyAuthorHidden,
  storyIsPublic,
  storyIsPublished,
  storyVisibleTo,
  type LoadedStory,
  type StoryAccess,
} from './story-gate';
export {
  allowedStatuses,
  canSeeRealAuthor,
  canView,
  conflictMessage,
  decide,
  isPublished,
  type StoryAction,
  type StoryRelation,
} from './story-status';
export {
  findStoryRow,
  maskedAuthorName,
  storyAuthorShown,
  storyRelation,
  type StoryAuthorShown,
  type StoryRow,
} from './story-view';
export {
  hideStoryForReview,
  markStoryEvaluated,
  ownedAuthorId,
  showStoryAfterReview,
  withdrawStoryByModeration,
} from './story-lifecycle';
// The fic's answer carries its evaluation, so its view lives here; evaluations answers it too.
export { loadEvaluationView } from './evaluation-view';
export { countStoriesByGrade, deleteStoriesOf, getStory } from './stories.service';
export { readGalleryPage } from './gallery.service';
export { galleryCacheSubscriber } from './gallery-cache.subscriber';
export { replaceStoryTags } from './story-tags';
// What it keeps about a person, for the register of personal data (issue 22.1).
export { storiesPersonalData } from './personal-data';
export { publishedStoriesOf } from './story-orphans';
