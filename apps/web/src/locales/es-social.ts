/**
 * Texts of a fic's likes, comments, replies and share dialog (/fics/:id); part of the one catalog in es.ts. Messages the API words too (validation, success,
 * refusals, empty and end-of-list texts) and limits come from @fics/contracts, never from here.
 */
export const social = {} as const;
