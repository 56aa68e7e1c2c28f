import { bulkImportMaxRows, emailField } from '@fics/contracts';

/** One item of the e-mail list; an invalid one is shown as a red chip (spec 000 §2). */
export interface EmailItem {
  value: string;
  valid: boolean;
}

/** Keys that close the item being typed: Enter, Tab, comma and space (spec 000 §2). */
export const separatorKeys: readonly string[] = ['Enter', 'Tab', ',', ' '];

/** An item longer than any e-mail can be is cut, so a stray paste cannot bloat the request. */
const ITEM_MAX_LENGTH = 320;

const emailSchema = emailField();

/** The same e-mail rule the server applies (contracts' emailField). */
export function isValidEmail(value: string): boolean {
  return emailSchema.safeParse(value).success;
}

/** Splits typed text on the separators (any whitespace, including Enter and Tab, and commas). */
export function splitItems(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

// Something@something, stopping at characters that surround addresses in pasted text
// ('Ana <ana@x.cl>', 'mailto:ana@x.cl', '"ana@x.cl";').
const EMAIL_LIKE = /[^\s,;:<>()[\]{}"'`|@]+@[^\s,;:<>()[\]{}"'`|@]+/g;

/** Every e-mail-like string in pasted text, in order, without sentence punctuation stuck to its end. */
export function extractEmails(text: string): string[] {
  const found = text.match(EMAIL_LIKE) ?? [];
  return found.map((item) => item.replace(/[.!?]+$/, '')).filter((item) => item.includes('@'));
}

/**
 * Appends values to the list: trimmed, checked, and skipped when already listed (compared without
 * case, as the server compares e-mails) or when the list is full.
 */
export function addItems(items: readonly EmailItem[], values: readonly string[]): EmailItem[] {
  const next = [...items];
  const listed = new Set(items.map((item) => item.value.toLowerCase()));
  for (const raw of values) {
    const value = raw.trim().slice(0, ITEM_MAX_LENGTH);
    const key = value.toLowerCase();
    if (value === '' || listed.has(key) || next.length >= bulkImportMaxRows) {
      continue;
    }
    listed.add(key);
    next.push({ value, valid: isValidEmail(value) });
  }
  return next;
}

/** In list mode a user's name is the part of the e-mail before the at sign (spec 000 §2). */
export function nameFromEmail(email: string): string {
  const at = email.indexOf('@');
  return (at === -1 ? email : email.slice(0, at)).trim();
}

/** The users a list of valid items stands for. */
export function usersFromItems(items: readonly EmailItem[]): Array<{ name: string; email: string }> {
  return items.map((item) => ({ name: nameFromEmail(item.value), email: item.value }));
}
