import type SanitizeHtml from 'sanitize-html';
import {
  cleanStoryStyle,
  commentHtmlTags,
  countWords,
  STORY_LINK_REL,
  storyCodeLanguage,
  storyHtmlClasses,
  storyHtmlTags,
} from '@fics/contracts';
import { lazyRequire } from './lazy-require';

/** Loaded with the first text to clean, not at start (lazy-require.ts). */
const sanitizeHtml = lazyRequire<typeof SanitizeHtml>('sanitize-html');

/**
 * The story editor's HTML, cleaned on the server (architecture.md §2 Rich text, §6.5). The allowlist
 * is the Quill 2 toolbar of spec 001 §2 (fonts, headers, bold, italic, underline, strike, quote,
 * align, link, code, colors), in both shapes Quill writes: `getSemanticHTML()` (what
 * react-quill-new sends by default: code blocks as `<pre>`, every space as `&nbsp;`) and
 * `root.innerHTML` (code blocks as `div.ql-code-block`). Anything else loses its tag and keeps its
 * text; the browser runs DOMPurify again before rendering. Comments and replies go through the same
 * machinery with their own, much shorter allowlist (`cleanCommentHtml`).
 */

/** Blocks, for the plain text's line breaks. */
const blockTags = new Set(['p', 'h1', 'h2', 'h3', 'blockquote', 'pre', 'div', 'br']);

/** A bare host as people type it in Quill's link box ('www.ejemplo.cl/cuento'). */
const bareHost = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d{1,5})?(?:[/?#][^\s]*)?$/i;

/**
 * An http, https or mailto URL, or undefined. The scheme is read by the WHATWG URL parser, the one
 * browsers use, so `java&#x09;script:`, `\x01javascript:` or ` JaVaScRiPt:` are seen as the browser
 * would see them (tabs and newlines removed, leading controls ignored) and refused. Relative URLs
 * are refused (they would point into this site), except a bare host, which gets https://.
 */
function cleanHref(raw: string): string | undefined {
  // What a browser ignores in a URL anyway: surrounding controls and spaces, inner tabs and newlines.
  // eslint-disable-next-line no-control-regex
  let href = raw.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  if (href === '') {
    return undefined;
  }
  if (!URL.canParse(href) && bareHost.test(href)) {
    href = `https://${href}`;
  }
  if (!URL.canParse(href)) {
    return undefined;
  }
  const { protocol } = new URL(href);
  return protocol === 'http:' || protocol === 'https:' || protocol === 'mailto:' ? href : undefined;
}

/** Per-tag rewrites: links get a checked href and the forced target and rel; styles are filtered. */
function transformStoryTag(tagName: string, attribs: SanitizeHtml.Attributes): SanitizeHtml.Tag {
  const out: SanitizeHtml.Attributes = { ...attribs };
  let name = tagName;
  // Headers and list items Quill's toolbar cannot make still end their line (no words glued).
  if (/^h[4-6]$/.test(name) || name === 'li') {
    name = 'p';
  }
  if (name === 'a') {
    delete out.href;
    delete out.rel;
    delete out.target;
    const href = attribs.href === undefined ? undefined : cleanHref(attribs.href);
    if (href !== undefined) {
      // Quill's own attribute order, so its links come back as they went in (plus nofollow).
      out.href = href;
      out.rel = STORY_LINK_REL;
      out.target = '_blank';
    }
  }
  if (out.style !== undefined) {
    const style = cleanStoryStyle(out.style);
    if (style === '') {
      delete out.style;
    } else {
      out.style = style;
    }
  }
  if (out['data-language'] !== undefined && !storyCodeLanguage.test(out['data-language'])) {
    delete out['data-language'];
  }
  return { tagName: name, attribs: out };
}

/** Inline tags: text on either side of them is on the same line. */
const inlineTags = new Set([
  'span',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'a',
  'code',
  'sub',
  'sup',
  'font',
  'mark',
]);

/**
 * Quill's getSemanticHTML writes every space as an NBSP, which would make each paragraph one
 * unbreakable line. An NBSP right after a visible character becomes a plain space, where the line
 * may wrap; one after another space, or at the start of a line, stays (double spaces and
 * indentation still show). The parser hands text over in pieces (an entity ends a piece), so the
 * previous character is remembered across calls, and forgotten at each block.
 */
function spaceUngluer() {
  let afterSpace = true;
  return {
    lineBreak: (tagName: string) => {
      if (!inlineTags.has(tagName)) {
        afterSpace = true;
      }
    },
    text: (text: string) => {
      let out = '';
      for (const char of text) {
        if (char === '\u00a0') {
          out += afterSpace ? char : ' ';
          afterSpace = true;
        } else {
          out += char;
          afterSpace = /\s/.test(char);
        }
      }
      return out;
    },
  };
}

/**
 * What differs between the two editors' HTML: the tags and attributes kept, how a tag is rewritten,
 * and where spaces are kept as written. Everything else (dropped raw-text and foreign trees, the
 * nesting cap, NBSP ungluing, the text measure) is the same machinery for both. Built per call, as
 * a rewrite may depend on what the parser has seen so far.
 */
interface CleanRules {
  allowedTags: readonly string[];
  allowedAttributes: SanitizeHtml.IOptions['allowedAttributes'];
  allowedClasses: SanitizeHtml.IOptions['allowedClasses'];
  transformTag: (tagName: string, attribs: SanitizeHtml.Attributes) => SanitizeHtml.Tag;
  /** Tags whose text keeps its spaces (NBSPs included) as written. */
  keepsSpaces: (tagName: string) => boolean;
  /** Parser events, for rules that follow the open tags (every open is matched by a close). */
  onOpenTag?: (tagName: string) => void;
  onCloseTag?: (tagName: string) => void;
  onText?: (text: string) => void;
}
type CleanProfile = () => CleanRules;

const storyProfile: CleanProfile = () => ({
  allowedTags: storyHtmlTags,
  allowedAttributes: {
    '*': ['class', 'style'],
    a: ['href', 'rel', 'target'],
    div: [{ name: 'spellcheck', values: ['false'] }, 'data-language'],
    pre: ['data-language'],
  },
  allowedClasses: { '*': [...storyHtmlClasses] },
  transformTag: transformStoryTag,
  keepsSpaces: (tagName) => tagName === 'pre',
});

/** Blocks of a comment's HTML (kept, or made paragraphs), which cannot sit inside a paragraph. */
const commentBlocks = /^(?:p|h[1-6]|li|pre|div|blockquote)$/;
/** Blocks the comment toolbar cannot make: each still ends its line, as a paragraph. */
const commentBlocksToParagraph = /^(?:h[1-6]|li|pre|div)$/;

/**
 * The comment toolbar (spec 001 §2: bold, italic, underline, strike, quote) keeps no attribute at
 * all: no links, classes, styles or alignment. Other blocks become paragraphs and inline tags their
 * text. A block that would land inside a paragraph (a `div` in a `div`, a `p` in an `li`) is not
 * nested, which a browser would reparse differently: it becomes a line break, or nothing when the
 * paragraph has no text yet, so `<div><div>a</div><div>b</div></div>` reads `<p>a<br />b</p>`.
 */
const commentProfile: CleanProfile = () => {
  // The open elements, innermost last: whether each is a paragraph in the output and holds text.
  const open: { paragraph: boolean; hasText: boolean }[] = [];
  const innermostParagraph = () => open.findLast((element) => element.paragraph);
  return {
    allowedTags: commentHtmlTags,
    allowedAttributes: {},
    allowedClasses: {},
    transformTag: (tagName) => {
      const element = open.at(-1);
      let name = commentBlocksToParagraph.test(tagName) ? 'p' : tagName;
      if (commentBlocks.test(tagName) && element) {
        const paragraph = open.slice(0, -1).findLast((e) => e.paragraph);
        if (paragraph) {
          // An unknown name is dropped with its text kept.
          name = paragraph.hasText ? 'br' : 'div';
        } else {
          element.paragraph = name === 'p';
        }
      }
      return { tagName: name, attribs: {} };
    },
    keepsSpaces: () => false,
    onOpenTag: () => {
      open.push({ paragraph: false, hasText: false });
    },
    onCloseTag: () => {
      open.pop();
    },
    onText: (text) => {
      const paragraph = innermostParagraph();
      if (paragraph && /\S/.test(text)) {
        paragraph.hasText = true;
      }
    },
  };
};

const cleanOptions = (profile: CleanProfile): SanitizeHtml.IOptions => {
  const spaces = spaceUngluer();
  const rules = profile();
  return {
    allowedTags: [...rules.allowedTags],
    allowedAttributes: rules.allowedAttributes,
    allowedClasses: rules.allowedClasses,
    // A second line behind cleanHref: sanitize-html's own scheme check.
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: {},
    allowProtocolRelative: false,
    // Styles are filtered (and written in browser form) by transformStoryTag.
    parseStyleAttributes: false,
    transformTags: { '*': rules.transformTag },
    // Dropped with their content, not only their tag: code, raw text, and foreign (SVG, MathML) trees.
    nonTextTags: [
      'script',
      'style',
      'textarea',
      'option',
      'select',
      'noscript',
      'noembed',
      'noframes',
      'iframe',
      'object',
      'template',
      'title',
      'xmp',
      'svg',
      'math',
    ],
    disallowedTagsMode: 'discard',
    // Quill nests a handful of levels; thousands of nested tags only cost the reader's browser.
    nestingLimit: 32,
    // A link that lost its href, or a span that lost every attribute, is just its text.
    exclusiveFilter: (frame) =>
      (frame.tag === 'a' && !frame.attribs.href) ||
      (frame.tag === 'span' && Object.keys(frame.attribs).length === 0)
        ? 'excludeTag'
        : false,
    onOpenTag: (tagName) => {
      spaces.lineBreak(tagName);
      rules.onOpenTag?.(tagName);
    },
    onCloseTag: (tagName) => {
      spaces.lineBreak(tagName);
      rules.onCloseTag?.(tagName);
    },
    textFilter: (text, tagName) => {
      rules.onText?.(text);
      return rules.keepsSpaces(tagName) ? text : spaces.text(text);
    },
  };
};

/** The text sanitize-html hands to textFilter, escaped back to characters. */
const unescapeText = (text: string) =>
  text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/**
 * The text of cleaned HTML: entities decoded, one line per block or <br>, spaces collapsed, blank
 * lines and invisible characters (zero-width space, word joiner, BOM) left out.
 */
function textOf(html: string): string {
  const parts: string[] = [];
  const breakAt = (name: string) => {
    if (blockTags.has(name)) {
      parts.push('\n');
    }
  };
  sanitizeHtml()(html, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: [],
    onOpenTag: breakAt,
    onCloseTag: breakAt,
    textFilter: (text) => {
      parts.push(unescapeText(text));
      return '';
    },
  });
  return parts
    .join('')
    .replace(/[\u200b\u2060\ufeff]/g, '')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

export interface CleanedStoryHtml {
  /** Safe HTML, the editor's formats only. */
  html: string;
  /** Its text, one line per block. */
  plainText: string;
  wordCount: number;
}

/** Cleans a story's HTML to the editor's toolbar and measures its text. */
export function cleanStoryHtml(html: string): CleanedStoryHtml {
  const clean = sanitizeHtml()(html, cleanOptions(storyProfile));
  const plainText = textOf(clean);
  return { html: clean, plainText, wordCount: countWords(plainText) };
}

export interface CleanedCommentHtml {
  /** Safe HTML: paragraphs, line breaks, bold, italic, underline, strike and quote, no attribute. */
  html: string;
  /** Its text, one line per block (what the length limit counts). */
  plainText: string;
}

/** Cleans a comment's or reply's HTML to the comment toolbar (spec 001 §2) and gives its text. */
export function cleanCommentHtml(html: string): CleanedCommentHtml {
  const clean = sanitizeHtml()(html, cleanOptions(commentProfile));
  return { html: clean, plainText: textOf(clean) };
}

/** False when cleaned text shows nothing (`<p><br></p>`, only a script, only spaces or NBSPs). */
export function hasVisibleText(cleaned: { plainText: string }): boolean {
  return /\S/u.test(cleaned.plainText);
}
