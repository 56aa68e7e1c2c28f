/**
 * The shape of a policy text. The texts are ours (written for this platform, spec 001 §9 lists what
 * they must cover), kept here and not in the i18n catalog: they are long and only this page reads
 * them, so they travel in its lazy chunk. `{email}` in a text stands for the contact e-mail the
 * server is configured with (GET /client-config), shown as a mailto link.
 */
export type PolicyBlock = string | { list: readonly string[] };

export interface PolicySection {
  /** Anchor of the section (`#licencia`), stable across wording changes. */
  id: string;
  heading: string;
  blocks: readonly PolicyBlock[];
}

export interface PolicyDocument {
  title: string;
  /** ISO date of the last change (YYYY-MM-DD). */
  updatedAt: string;
  intro: readonly string[];
  sections: readonly PolicySection[];
}

/** The token a text uses for the contact e-mail. */
export const EMAIL_TOKEN = '{email}';
