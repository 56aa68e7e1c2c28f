/**
 * Texts of the terms and privacy page chrome (the policy texts themselves live in features/policies, lazy with the page); part of the one catalog in es.ts. Messages the API words too (validation, success,
 * refusals, empty and end-of-list texts) and limits come from @fics/contracts, never from here.
 */
export const policies = {} as const;
