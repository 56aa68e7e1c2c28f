/**
 * Whether a person's name and work may be shown to a viewer (issue 22.5), as one SQL predicate over
 * the database's fics_consent_withheld. A module of its own, with no imports from other modules, so
 * that those who show what a person wrote (stories, comments, notifications) can ask it without
 * depending on modules/users (which depends on colleges, which counts fics).
 */
export { userShownTo } from './consent-visibility';
