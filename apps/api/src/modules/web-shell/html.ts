/**
 * The built SPA's index.html as a template, and the escaping every value written into it goes
 * through. The server adds to the page only in three places: the head (meta tags, preloads, critical
 * CSS), the inside of `<div id="root">` (markup React replaces on its first render) and the end of
 * the body (data for the app); a template without those markers is served as it is.
 */

/** Text or an attribute value in HTML: `&`, `<`, `>`, `"` and `'` written as entities. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * JSON to put inside a `<script>` element: `<`, `>` and `&` as \u escapes so no value can close
 * the element or open a comment, and the line separators JavaScript once refused.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

export interface PageParts {
  /** Replaces the template's `<title>` (plain text: escaped here). */
  title?: string;
  /** Markup added to `<head>`, before the app's first script (or at its end). */
  head?: string;
  /** Markup put inside `<div id="root">`. */
  root?: string;
  /** Replaces the content of `<meta name="description">` (plain text: escaped here). */
  description?: string;
  /** Markup added before `</body>`. */
  bodyEnd?: string;
}

const ROOT = '<div id="root"></div>';
const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta name="description" content="[^"]*"\s*\/?>/;

export class ShellTemplate {
  /** Whether the markers were found: without them, render() answers the template untouched. */
  readonly fillable: boolean;

  constructor(readonly html: string) {
    this.fillable = html.includes(ROOT) && html.includes('</head>') && html.includes('</body>');
  }

  render(parts: PageParts): string {
    if (!this.fillable) {
      return this.html;
    }
    let page = this.html;
    if (parts.title !== undefined) {
      page = page.replace(TITLE, () => `<title>${escapeHtml(parts.title!)}</title>`);
    }
    if (parts.description !== undefined) {
      page = page.replace(
        DESCRIPTION,
        () => `<meta name="description" content="${escapeHtml(parts.description!)}" />`,
      );
    }
    if (parts.head) {
      // Ahead of the app's scripts and their preloads, so the first cover is asked for first.
      const head = page.slice(0, page.indexOf('</head>'));
      const at = head.indexOf('<script');
      page =
        at === -1
          ? page.replace('</head>', () => `${parts.head}</head>`)
          : `${page.slice(0, at)}${parts.head}\n    ${page.slice(at)}`;
    }
    if (parts.root) {
      page = page.replace(ROOT, () => `<div id="root">${parts.root}</div>`);
    }
    if (parts.bodyEnd) {
      page = page.replace('</body>', () => `${parts.bodyEnd}</body>`);
    }
    return page;
  }
}
