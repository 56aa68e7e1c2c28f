/**
 * What other features may use of fics (lint: eslint.config.js, feature boundaries): how a fic's
 * cover, text, status and date are shown, the gallery link of a tag, and tag suggestions.
 */
export { useDeleteStory, useTagSuggestions } from './api';
export { StoryBody } from './components/StoryBody';
export { StoryCover, coverSrcSet } from './components/StoryCover';
export { PersonalChip } from './components/PersonalChip';
export { StoryStatusChip } from './components/StoryStatusChip';
export { StoryTags, tagFilterPath } from './components/StoryTags';
export { formatStoryDate } from './components/story-date';
export { sanitizeStoryHtml } from './components/story-html';
