/**
 * The text of an HTML fragment with a line break around each of `blockTags` (upper-case tag names),
 * as the server reads rich text (apps/api/src/lib/rich-text.ts, textOf): what the comment form's
 * emptiness and length rules and the editor's live word count measure, so the browser counts what
 * the server will.
 */
export function htmlTextWithBreaks(html: string, blockTags: ReadonlySet<string>): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const parts: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      parts.push(node.textContent ?? '');
      return;
    }
    const block = node instanceof Element && blockTags.has(node.tagName);
    if (block) {
      parts.push('\n');
    }
    node.childNodes.forEach(walk);
    if (block) {
      parts.push('\n');
    }
  };
  walk(body);
  return parts.join('');
}
