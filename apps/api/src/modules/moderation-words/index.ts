/**
 * The administrators' list of words that hold comments (issue 21.6): its routes, and what the
 * comments module asks of it when a comment or reply is written or edited. It imports nothing of
 * comments or moderation (both may import it).
 */
export { moderationWordsRoutes } from './moderation-words.routes';
export { containsListedWord, listedWordsIn } from './moderation-words.service';
