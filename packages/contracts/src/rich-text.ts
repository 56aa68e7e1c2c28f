/**
 * The allowlist of a fic's HTML, once for both cleanings (architecture.md §2 Rich text): the server's
 * (sanitize-html, apps/api/src/lib/rich-text.ts) and the browser's before rendering (DOMPurify,
 * apps/web/src/features/stories/components/story-html.ts). It is the Quill 2 toolbar of spec 001 §2:
 * fonts, headers, bold, italic, underline, strike, quote, align, link, code, colours.
 */

export const storyHtmlTags: readonly string[] = [
  'p',
  'br',
  'span',
  'h1',
  'h2',
  'h3',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'blockquote',
  'a',
  'code',
  'pre',
  'div',
];

/** Quill's class attributors: font, align, and the code block's container and lines. */
export const storyHtmlClasses: readonly string[] = [
  'ql-font-serif',
  'ql-font-monospace',
  'ql-align-center',
  'ql-align-right',
  'ql-align-justify',
  'ql-code-block-container',
  'ql-code-block',
];

/** Forced on every link: a story never drives its reader's tab nor lends it its ranking. */
export const STORY_LINK_REL = 'noopener noreferrer nofollow';

/** A code block's language, as Quill writes it in `data-language`. */
export const storyCodeLanguage = /^[a-z0-9+#-]{1,20}$/i;

const hexColor = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const rgbColor =
  /^rgba?\(\s*\d{1,3}(?:\.\d+)?%?\s*(?:,\s*\d{1,3}(?:\.\d+)?%?\s*){2}(?:,\s*(?:\d*\.)?\d+%?\s*)?\)$/i;
/** A named colour: letters only, so no function, url, escape or comment can hide in it. */
const namedColor = /^[a-z]{3,30}$/i;
const isColor = (value: string) => hexColor.test(value) || rgbColor.test(value) || namedColor.test(value);

const fontName = String.raw`(?:[a-z][a-z0-9 -]{0,40}|"[a-z0-9 -]{1,40}"|'[a-z0-9 -]{1,40}')`;
const fontFamily = new RegExp(String.raw`^${fontName}(?:\s*,\s*${fontName}){0,5}$`, 'i');

/** CSS properties kept in `style`, each with the only values it may take. */
const allowedStyles: Record<string, (value: string) => boolean> = {
  color: isColor,
  'background-color': isColor,
  'text-align': (value) => /^(?:left|right|center|justify|start|end)$/i.test(value),
  'font-family': (value) => fontFamily.test(value),
};

/**
 * The allowed declarations of a style attribute, written as browsers serialise them
 * (`color: rgb(230, 0, 0);`), so Quill's own output comes back unchanged; '' when none is left. A
 * declaration whose value is not a plain colour, alignment or font list (url(), expression(),
 * escapes, comments, !important) is dropped whole.
 */
export function cleanStoryStyle(style: string): string {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon === -1) {
      continue;
    }
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration
      .slice(colon + 1)
      .trim()
      .replace(/\s+/g, ' ');
    const check = Object.hasOwn(allowedStyles, property) ? allowedStyles[property] : undefined;
    if (check && value.length <= 200 && check(value)) {
      kept.push(`${property}: ${value};`);
    }
  }
  return kept.join(' ');
}
