import createDOMPurify, { type Config } from 'dompurify';
import {
  cleanStoryStyle,
  STORY_LINK_REL,
  storyCodeLanguage,
  storyHtmlClasses,
  storyHtmlTags,
} from '@fics/contracts';

/**
 * The browser's second cleaning of a fic's HTML (architecture.md §2, Rich text): the server already
 * keeps only what the editor's toolbar makes (sanitize-html, apps/api/src/lib/rich-text.ts); this
 * uses the same allowlist (packages/contracts/src/rich-text.ts: tags, classes, style values, forced
 * rel) and link schemes, so whatever reached the database by another road cannot run here either.
 */
const allowedClasses = new Set(storyHtmlClasses);

const config: Config = {
  ALLOWED_TAGS: [...storyHtmlTags],
  ALLOWED_ATTR: ['href', 'target', 'rel', 'class', 'style', 'data-language'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // Links to the web and to e-mail only: no javascript:, data:, or relative paths into this site.
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
  // DOMPurify reads any attribute it does not know as a URL; a code block's language is plain text.
  ADD_URI_SAFE_ATTR: ['data-language'],
};

/** The declarations of `style` the allowlist keeps (the server's own rule, from contracts). */
export const cleanStyle = cleanStoryStyle;

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
      data.attrValue = onCode && storyCodeLanguage.test(data.attrValue) ? data.attrValue : '';
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
      node.setAttribute('rel', STORY_LINK_REL);
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
