/**
 * Re-anchoring a note on a changed text (issue 20.2, docs/decisions/annotations.md), after
 * Hypothesis's client (src/annotator/anchoring/match-quote.ts): exact match at the old position,
 * else the exact match nearest the old position, else the best fuzzy match of the quote
 * (`approx-string-match`, Myers' bit-parallel algorithm) scored on the quote, its prefix, its suffix
 * and its nearness to the old position, accepted above FUZZY_THRESHOLD; else the note is an orphan.
 * Pure: no database, no clock, so the four cases of the issue are unit-tested directly.
 */
import search from 'approx-string-match';
import type * as Htmlparser2 from 'htmlparser2';
import { lazyRequire } from '../../lib/lazy-require';

/** Loaded with the first note anchored, not at start (lib/lazy-require.ts). */
const htmlparser2 = lazyRequire<typeof Htmlparser2>('htmlparser2');

export interface Selector {
  quote: { exact: string; prefix: string; suffix: string };
  position: { start: number; end: number };
}

export type Anchor =
  { kind: 'exact' | 'moved' | 'fuzzy'; start: number; end: number; score: number } | { kind: 'orphan' };

/**
 * The lowest normalised score a fuzzy match is accepted with (0..1, weights below). Candidates come
 * from `approx-string-match` with at most half the quote wrong. A word changed in the quote with one
 * side of its context rewritten too scores about 0.71 (quote 0.82, suffix 1, prefix 0.1); the same
 * with its context intact about 0.9. A quote half wrong with its context gone scores at most 0.29,
 * and half wrong between intact context (the passage rewritten in place) 0.73: placed there, as
 * Hypothesis would. 0.65 accepts the first and last and orphans a passage truly gone.
 */
export const FUZZY_THRESHOLD = 0.65;

// Hypothesis's weights: the quote matters most, then its context, and nearness only breaks ties.
const QUOTE_WEIGHT = 50;
const PREFIX_WEIGHT = 20;
const SUFFIX_WEIGHT = 20;
const POSITION_WEIGHT = 2;
const MAX_SCORE = QUOTE_WEIGHT + PREFIX_WEIGHT + SUFFIX_WEIGHT + POSITION_WEIGHT;

/**
 * The fic's plain text as the browser's `textContent` gives it for the stored HTML: every text
 * node, entities decoded, tags (and `<br>`) contributing nothing. Parsed with htmlparser2 (the
 * parser sanitize-html uses), never a regex.
 */
export function plainTextOf(html: string): string {
  let text = '';
  const parser = new (htmlparser2().Parser)(
    {
      ontext(data) {
        text += data;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return text;
}

/** The exact occurrence of `exact` in `text` nearest `hint`, or -1. */
function nearestExact(text: string, exact: string, hint: number): number {
  let best = -1;
  for (let at = text.indexOf(exact); at !== -1; at = text.indexOf(exact, at + 1)) {
    if (best === -1 || Math.abs(at - hint) < Math.abs(best - hint)) {
      best = at;
    }
    if (at > hint) {
      // Later occurrences are only farther.
      break;
    }
  }
  return best;
}

/** 1 minus the fewest edits of `pattern` found in `window`, over its length (1: found as is). */
function similarity(window: string, pattern: string): number {
  if (pattern.length === 0) {
    return 1;
  }
  if (window.length === 0) {
    return 0;
  }
  const matches = search(window, pattern, pattern.length);
  const errors = matches.reduce((min, m) => Math.min(min, m.errors), pattern.length);
  return 1 - errors / pattern.length;
}

/** Where the selector's passage is in `text` now. */
export function anchor(text: string, selector: Selector): Anchor {
  const { exact } = selector.quote;
  const { start } = selector.position;
  if (exact.length === 0) {
    return { kind: 'orphan' };
  }
  if (text.startsWith(exact, start)) {
    return { kind: 'exact', start, end: start + exact.length, score: 1 };
  }
  const moved = nearestExact(text, exact, start);
  if (moved !== -1) {
    return { kind: 'moved', start: moved, end: moved + exact.length, score: 1 };
  }
  // Near the old position first (most edits are local): a search over a few thousand characters
  // instead of the whole fic. Only when nothing good enough is there, the whole text.
  const from = Math.max(0, start - NEAR_WINDOW);
  const near = bestFuzzy(text, selector, from, Math.min(text.length, start + exact.length + NEAR_WINDOW));
  const best =
    near && near.score >= FUZZY_THRESHOLD
      ? near
      : from === 0 && start + exact.length + NEAR_WINDOW >= text.length
        ? near
        : bestFuzzy(text, selector, 0, text.length);
  if (!best || best.score < FUZZY_THRESHOLD) {
    return { kind: 'orphan' };
  }
  return { kind: 'fuzzy', ...best };
}

/** Characters searched on each side of the old position before the whole text. */
const NEAR_WINDOW = 2_000;

/** The best-scoring fuzzy match of the quote within text[from, to), by Hypothesis's score. */
function bestFuzzy(
  text: string,
  selector: Selector,
  from: number,
  to: number,
): { start: number; end: number; score: number } | undefined {
  const { exact, prefix, suffix } = selector.quote;
  const { start } = selector.position;
  // Up to half the quote wrong (Hypothesis's bound, capped so a long quote stays fast).
  const maxErrors = Math.min(256, Math.floor(exact.length / 2));
  let best: { start: number; end: number; score: number } | undefined;
  for (const found of search(text.slice(from, to), exact, maxErrors)) {
    const m = { start: found.start + from, end: found.end + from, errors: found.errors };
    const quoteScore = 1 - m.errors / exact.length;
    const prefixScore = similarity(text.slice(Math.max(0, m.start - prefix.length), m.start), prefix);
    const suffixScore = similarity(text.slice(m.end, m.end + suffix.length), suffix);
    const positionScore = text.length === 0 ? 1 : 1 - Math.abs(m.start - start) / text.length;
    const score =
      (QUOTE_WEIGHT * quoteScore +
        PREFIX_WEIGHT * prefixScore +
        SUFFIX_WEIGHT * suffixScore +
        POSITION_WEIGHT * positionScore) /
      MAX_SCORE;
    if (!best || score > best.score) {
      best = { start: m.start, end: m.end, score };
    }
  }
  return best;
}

/** The quote a placed note keeps: the passage it now covers and 32 characters around it. */
export function quoteAt(
  text: string,
  start: number,
  end: number,
  context: number,
): { exact: string; prefix: string; suffix: string } {
  return {
    exact: text.slice(start, end),
    prefix: text.slice(Math.max(0, start - context), start),
    suffix: text.slice(end, end + context),
  };
}
