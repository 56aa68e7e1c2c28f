/**
 * Blocks' public entry (issue 21.4): the routes, and the predicate and check the comments module
 * applies in its lists and writes. Blocks imports nothing of comments (comments imports blocks).
 */
export { blocksRoutes } from './blocks.routes';
export { assertNotBlocked, blockedEitherWay, isBlockedWith, notBlockedWith } from './blocks.service';
// What it keeps about a person, for the register of personal data (issue 22.1).
export { blocksPersonalData } from './personal-data';
