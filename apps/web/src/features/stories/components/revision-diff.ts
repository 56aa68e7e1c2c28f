import { diffWords } from 'diff';
import { htmlTextWithBreaks } from '../../../lib/html-text';
import { BLOCKS } from './StoryLength';

/**
 * A round's text as the reader sees it: the sanitised HTML's text, one line per block (as the
 * server reads it), spaces collapsed, so a change of markup alone is no change of words.
 */
export function revisionPlainText(html: string): string {
  return htmlTextWithBreaks(html, BLOCKS)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** The word-level changes from `before` to `after` (jsdiff's diffWords). */
export function wordDiff(before: string, after: string): DiffPart[] {
  return diffWords(before, after).map((change) => ({
    kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
    text: change.value,
  }));
}
