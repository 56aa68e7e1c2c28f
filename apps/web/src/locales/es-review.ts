/**
 * Texts of the review screens; part of the one catalog in es.ts. Messages the API words too (validation,
 * success, refusals) and limits come from @fics/contracts, never from here.
 */
export const review = {} as const;
