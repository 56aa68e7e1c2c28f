import { annotationLimits, type Annotation } from '@fics/contracts';

/**
 * Positions in a fic's text (docs/decisions/annotations.md): character offsets (UTF-16 code units)
 * in the plain text of the rendered `.story-body`, i.e. its `textContent` — every text node in
 * document order, entities decoded, tags adding nothing. The server computes the same string from
 * the stored HTML (plainTextOf), so a selection here is a position there.
 */
export interface TextPosition {
  start: number;
  end: number;
}

/** The footnote buttons the highlights add carry no text, and are skipped anyway. */
const NOTE_REF = '[data-note-ref]';

/** The text nodes of `root` in document order (what textContent concatenates). */
export function textNodes(root: Node): Text[] {
  const walker = root.ownerDocument!.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.parentElement?.closest(NOTE_REF) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
  });
  const found: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    found.push(node as Text);
  }
  return found;
}

/** The plain text positions count in: root's textContent without the notes' buttons. */
export function plainTextOf(root: Node): string {
  return textNodes(root)
    .map((node) => node.data)
    .join('');
}

/**
 * The characters of `root`'s text before a boundary point of a Range: the text nodes wholly before
 * it, plus `offset` when the point is inside a text node.
 */
function offsetOf(root: Node, nodes: Text[], container: Node, offset: number): number {
  let count = 0;
  const point = root.ownerDocument!.createRange();
  point.setStart(container, offset);
  for (const node of nodes) {
    if (node === container) {
      return count + offset;
    }
    // A text node after the point ends the count (comparePoint: 1 = the node starts after it).
    if (point.comparePoint(node, 0) > 0) {
      return count;
    }
    count += node.data.length;
  }
  return count;
}

/** The position of `range` in `root`'s text, or null when it is not inside root or selects nothing. */
export function rangeToPosition(root: Node, range: Range): TextPosition | null {
  if (!root.contains(range.startContainer) || !root.contains(range.endContainer)) {
    return null;
  }
  const nodes = textNodes(root);
  const start = offsetOf(root, nodes, range.startContainer, range.startOffset);
  const end = offsetOf(root, nodes, range.endContainer, range.endOffset);
  return end > start ? { start, end } : null;
}

/** A Range over `position` of `root`'s text, or null when the text is shorter. */
export function positionToRange(root: Node, { start, end }: TextPosition): Range | null {
  const range = root.ownerDocument!.createRange();
  let count = 0;
  let started = false;
  for (const node of textNodes(root)) {
    const length = node.data.length;
    // A start at a node's end begins in the next node, so the range never opens on nothing.
    if (!started && start < count + length) {
      range.setStart(node, start - count);
      started = true;
    }
    if (started && end <= count + length) {
      range.setEnd(node, end - count);
      return range;
    }
    count += length;
  }
  return null;
}

/**
 * The TextQuoteSelector of `position` in `text`, as Hypothesis builds it: the exact passage and up
 * to 32 characters on each side.
 */
export function quoteAt(text: string, { start, end }: TextPosition): Annotation['quote'] {
  const context = annotationLimits.contextMax;
  return {
    exact: text.slice(start, end),
    prefix: text.slice(Math.max(0, start - context), start),
    suffix: text.slice(end, end + context),
  };
}
