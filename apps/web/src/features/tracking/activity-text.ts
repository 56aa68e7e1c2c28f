import { format } from 'date-fns';
import type { TrackingRecord } from '@fics/contracts';
import { formatStoryDate } from '../stories';

/** Room for a line or two of a comment under its event; the rest is cut at a word. */
export const EXCERPT_MAX = 160;

/** Block elements whose end reads as a space in plain text ('<p>Hola</p><p>Chao</p>' → 'Hola Chao'). */
const BLOCKS = 'p, br, blockquote, div, li';

/**
 * A comment's or reply's HTML as plain text, never markup: parsed into an inert document (no script
 * runs, no image loads) and read back as text, whitespace collapsed.
 */
export function htmlToPlainText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.body.querySelectorAll(BLOCKS).forEach((element) => element.after(' '));
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** At most `max` characters, cut at the last whole word with an ellipsis. */
export function excerpt(text: string, max = EXCERPT_MAX): string {
  if (text.length <= max) {
    return text;
  }
  const cut = text.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:]+$/, '')}…`;
}

/** The text the event concerns: the reply for reply events, the comment for comment events. */
export function eventText(record: TrackingRecord): { kind: 'comment' | 'reply'; text: string } | null {
  const reply = record.replyId?.text;
  const comment = record.commentId?.text;
  if (record.resource === 'REPLIES') {
    return reply ? { kind: 'reply', text: reply } : null;
  }
  if (record.resource === 'COMMENTS') {
    return comment ? { kind: 'comment', text: comment } : null;
  }
  if (reply) {
    return { kind: 'reply', text: reply };
  }
  return comment ? { kind: 'comment', text: comment } : null;
}

/**
 * The comment or reply a line is about when it was deleted after the event ('Comentó una fic' whose
 * comment is gone); null for other lines and for the deletions themselves, which already say so.
 * The API says whether it still exists (`deleted`, from its join).
 */
export function deletedSince(record: TrackingRecord): 'comment' | 'reply' | null {
  if (record.action === 'DELETE') {
    return null;
  }
  if (record.resource === 'COMMENTS') {
    return record.commentId?.deleted ? 'comment' : null;
  }
  if (record.resource === 'REPLIES') {
    return record.replyId?.deleted ? 'reply' : null;
  }
  return null;
}

/** An event's moment as the app writes dates (spec 001 §9), with the time: 'ene 05, 2025, 14:32'. */
export function formatActivityDate(iso: string): string {
  const day = formatStoryDate(iso);
  return day ? `${day}, ${format(new Date(iso), 'HH:mm')}` : '';
}

/** Seconds of writing split for display: under a minute in seconds, then minutes, then hours. */
export function writingTimeParts(
  seconds: number,
):
  | { unit: 'seconds'; count: number }
  | { unit: 'minutes'; count: number }
  | { unit: 'hours'; hours: number; minutes: number } {
  if (seconds < 60) {
    return { unit: 'seconds', count: seconds };
  }
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) {
    return { unit: 'minutes', count: minutes };
  }
  return { unit: 'hours', hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}
