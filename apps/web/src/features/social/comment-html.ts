import createDOMPurify, { type Config } from 'dompurify';
import { commentHtmlTags } from '@fics/contracts';
import { htmlTextWithBreaks } from '../../lib/html-text';

/**
 * The browser's second cleaning of a comment or reply (architecture.md §2, Rich text): the server
 * keeps only the comment toolbar's tags (bold, italic, underline, strike, quote, paragraphs and line
 * breaks, `commentHtmlTags`); this keeps the same and no attribute at all, so nothing that reached the
 * database by another road can run or style itself here.
 */
const config: Config = {
  ALLOWED_TAGS: [...commentHtmlTags],
  ALLOWED_ATTR: [],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

let purifier: ReturnType<typeof createDOMPurify> | null = null;

/** `html` with only the comment allowlist's tags, as a string to render. */
export function sanitizeCommentHtml(html: string): string {
  // An instance of its own: no hook or setting of another caller of DOMPurify applies here.
  purifier ??= createDOMPurify(window);
  return purifier.sanitize(html, { ...config, RETURN_TRUSTED_TYPE: false });
}

const blockTags = new Set(['P', 'BLOCKQUOTE', 'BR']);

/**
 * The text a reader sees, one line per paragraph, quote or line break, spaces collapsed and
 * invisible characters left out: what the server's emptiness and length rules count
 * (apps/api/src/lib/rich-text.ts, textOf), so the form refuses what the server would.
 */
export function commentPlainText(html: string): string {
  return htmlTextWithBreaks(sanitizeCommentHtml(html), blockTags)
    .replace(/[\u200b\u2060\ufeff]/g, '')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}
