/**
 * Texts of the rubrics screens; part of the one catalog in es.ts. Messages the API words too (validation,
 * success, refusals) and limits come from @fics/contracts, never from here.
 */
export const rubrics = {} as const;
