/**
 * What other features may use of the social side of a published fic (lint: eslint.config.js,
 * feature boundaries): the bar under the fic (like, comment count, share) and its comments section,
 * which loads its code when it comes near the screen.
 */
export { StorySocialBar } from './components/StorySocialBar';
export { StoryComments } from './components/StoryComments';
