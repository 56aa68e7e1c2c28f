import createDOMPurify, { type Config } from 'dompurify';

/**
 * The browser's second cleaning of a fic's HTML (architecture.md §2, Rich text): the server already
 * keeps only what the editor's toolbar makes (sanitize-html, apps/api/src/lib/rich-text.ts), and
 * this allowlist mirrors it (tags, attributes, classes, style values, link schemes, forced rel and
 * target), so whatever reached the database by another road cannot run here either.
 */
const allowedTags = [
  'p',
  'br',
  'span',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'blockquote',
  'code',
  'pre',
  'h1',
  'h2',
  'h3',
  'a',
  'div',
];

/** Quill's class attributors: font, align, and the code block's container and lines. */
const allowedClasses = new Set([
  'ql-font-serif',
  'ql-font-monospace',
  'ql-align-center',
  'ql-align-right',
  'ql-align-justify',
  'ql-code-block-container',
  'ql-code-block',
]);

const hexColor = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const rgbColor =
  /^rgba?\(\s*\d{1,3}(?:\.\d+)?%?\s*(?:,\s*\d{1,3}(?:\.\d+)?%?\s*){2}(?:,\s*(?:\d*\.)?\d+%?\s*)?\)$/i;
/** A named colour: letters only, so no function, url, escape or comment can hide in it. */
const namedColor = /^[a-z]{3,30}$/i;
const isColor = (value: string) => hexColor.test(value) || rgbColor.test(value) || namedColor.test(value);

const fontName = String.raw`(?:[a-z][a-z0-9 -]{0,40}|"[a-z0-9 -]{1,40}"|'[a-z0-9 -]{1,40}')`;
const fontFamily = new RegExp(String.raw`^${fontName}(?:\s*,\s*${fontName}){0,5}$`, 'i');

/** The inline styles the toolbar writes, each with the only values it may take (as the server). */
const allowedStyles: Record<string, (value: string) => boolean> = {
  color: isColor,
  'background-color': isColor,
  'text-align': (value) => /^(?:left|right|center|justify|start|end)$/i.test(value),
  'font-family': (value) => fontFamily.test(value),
};

/** A code block's language, as Quill writes it on the block. */
const codeLanguage = /^[a-z0-9+#-]{1,20}$/i;

/** Forced on every link, as the server does: a fic never drives its reader's tab nor lends it its ranking. */
const LINK_REL = 'noopener noreferrer nofollow';

const config: Config = {
  ALLOWED_TAGS: allowedTags,
  ALLOWED_ATTR: ['href', 'target', 'rel', 'class', 'style', 'data-language'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // Links to the web and to e-mail only: no javascript:, data:, or relative paths into this site.
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
  // DOMPurify reads any attribute it does not know as a URL; a code block's language is plain text.
  ADD_URI_SAFE_ATTR: ['data-language'],
};

/** The declarations of `style` the allowlist keeps, as browsers write them; '' when none is left. */
export function cleanStyle(style: string): string {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) {
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

function cleanClass(value: string): string {
  return value
    .split(/\s+/)
    .filter((name) => allowedClasses.has(name))
    .join(' ');
}

type Purifier = ReturnType<typeof createDOMPurify>;

let purifier: Purifier | null = null;

/** An instance of its own, so these hooks never touch another caller of DOMPurify. */
function getPurifier(): Purifier {
  if (purifier) {
    return purifier;
  }
  const instance = createDOMPurify(window);
  instance.addHook('uponSanitizeAttribute', (node, data) => {
    if (data.attrName === 'class') {
      data.attrValue = cleanClass(data.attrValue);
    } else if (data.attrName === 'style') {
      data.attrValue = cleanStyle(data.attrValue);
    } else if (data.attrName === 'data-language') {
      const onCode = node.tagName === 'DIV' || node.tagName === 'PRE';
      data.attrValue = onCode && codeLanguage.test(data.attrValue) ? data.attrValue : '';
    } else {
      return;
    }
    if (data.attrValue === '') {
      data.keepAttr = false;
    }
  });
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') {
      return;
    }
    if (node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', LINK_REL);
    } else {
      node.removeAttribute('target');
      node.removeAttribute('rel');
    }
  });
  purifier = instance;
  return instance;
}

/** `html` cleaned by the allowlist, as nodes; a link that lost its href is just its text, as on the server. */
function cleanFragment(html: string): DocumentFragment | null {
  // Null, whatever the typings say, when the markup has no body (a <frameset> document): nothing to show.
  const fragment: DocumentFragment | null = getPurifier().sanitize(html, {
    ...config,
    RETURN_DOM_FRAGMENT: true,
  });
  for (const link of Array.from(fragment?.querySelectorAll('a:not([href])') ?? [])) {
    link.replaceWith(...Array.from(link.childNodes));
  }
  return fragment;
}

function serialise(fragment: DocumentFragment | null): string {
  if (!fragment) {
    return '';
  }
  const container = fragment.ownerDocument.createElement('div');
  container.append(fragment);
  return container.innerHTML;
}

/** A fic's HTML with only what the editor's toolbar makes (the server's allowlist, again). */
export function sanitizeStoryHtml(html: string): string {
  return serialise(cleanFragment(html));
}

/**
 * The fic's HTML as the page renders it: cleaned (sanitizeStoryHtml), and its headings one level
 * down (the editor's h1 becomes an h2, and so on), because the page's title is its one h1.
 */
export function storyBodyHtml(html: string): string {
  const fragment = cleanFragment(html);
  for (const heading of Array.from(fragment?.querySelectorAll('h1, h2, h3') ?? [])) {
    const level = Number(heading.tagName.charAt(1));
    const lower = heading.ownerDocument.createElement(`h${level + 1}`);
    for (const attribute of Array.from(heading.attributes)) {
      lower.setAttribute(attribute.name, attribute.value);
    }
    lower.append(...Array.from(heading.childNodes));
    heading.replaceWith(lower);
  }
  return serialise(fragment);
}
