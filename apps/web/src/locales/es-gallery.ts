/**
 * Texts of the home gallery, its filter panel and the header filter toggle; part of the one catalog in es.ts. Messages the API words too (validation, success,
 * refusals, empty and end-of-list texts) and limits come from @fics/contracts, never from here.
 */
export const gallery = {} as const;
