import { positionToRange, textNodes, type TextPosition } from './text-position';

/** A placed note as the text shows it. */
export interface Highlight extends TextPosition {
  id: string;
  /** Its number in text order (the footnote's figure). */
  number: number;
  /** The footnote button's accessible name ('Nota 3: …'). */
  label: string;
  resolved: boolean;
}

const MARK = 'mark[data-note-id]';
const NOTE_REF = 'button[data-note-ref]';

/** Takes every highlight and footnote out of `root`, leaving its text nodes as they were. */
export function clearHighlights(root: HTMLElement): void {
  root.querySelectorAll(NOTE_REF).forEach((button) => button.remove());
  root.querySelectorAll(MARK).forEach((mark) => {
    mark.replaceWith(...Array.from(mark.childNodes));
  });
  root.normalize();
}

/** The text nodes covering `position`, each split so that it lies wholly inside it. */
function piecesOf(root: HTMLElement, position: TextPosition): Text[] {
  const range = positionToRange(root, position);
  if (!range) {
    return [];
  }
  const pieces: Text[] = [];
  for (const node of textNodes(root)) {
    if (!range.intersectsNode(node)) {
      continue;
    }
    let piece = node;
    const from = node === range.startContainer ? range.startOffset : 0;
    const to = node === range.endContainer ? range.endOffset : node.data.length;
    if (to <= from) {
      continue;
    }
    if (to < piece.data.length) {
      piece.splitText(to);
    }
    if (from > 0) {
      piece = piece.splitText(from);
    }
    // Whitespace between blocks (inside a list, say) is not worth a mark that would break the markup.
    if (
      piece.data.trim() === '' &&
      piece.parentElement?.closest('p, li, h2, h3, h4, pre, blockquote') === null
    ) {
      continue;
    }
    pieces.push(piece);
  }
  return pieces;
}

/**
 * Wraps each highlight's passage in `<mark data-note-id>` elements (one per text node it crosses:
 * a mark never spans paragraphs) and puts a footnote button after its last mark, so keyboard users
 * reach the notes in text order. The text itself is untouched: root's textContent stays the same
 * (the buttons carry no text; their figure is CSS content). Clears earlier highlights first.
 */
export function applyHighlights(root: HTMLElement, highlights: readonly Highlight[]): void {
  clearHighlights(root);
  const doc = root.ownerDocument;
  for (const highlight of highlights) {
    const pieces = piecesOf(root, highlight);
    let last: HTMLElement | null = null;
    for (const piece of pieces) {
      const mark = doc.createElement('mark');
      mark.dataset.noteId = highlight.id;
      if (highlight.resolved) {
        mark.dataset.resolved = 'true';
      }
      piece.replaceWith(mark);
      mark.append(piece);
      last = mark;
    }
    if (last) {
      const button = doc.createElement('button');
      button.type = 'button';
      button.dataset.noteRef = highlight.id;
      button.dataset.number = String(highlight.number);
      button.setAttribute('aria-label', highlight.label);
      last.after(button);
    }
  }
}

/** Marks the active note's highlight (and only it) so it reads stronger. */
export function setActiveHighlight(root: HTMLElement, id: string | null): void {
  root.querySelectorAll<HTMLElement>('[data-note-id], [data-note-ref]').forEach((element) => {
    const of = element.dataset.noteId ?? element.dataset.noteRef;
    if (of === id) {
      element.dataset.active = 'true';
    } else {
      delete element.dataset.active;
    }
  });
}

/** The note a click or key landed on, if it was a highlight or its footnote. */
export function noteIdAt(target: EventTarget | null): string | null {
  if (!(target instanceof Element)) {
    return null;
  }
  const element = target.closest<HTMLElement>(`${MARK}, ${NOTE_REF}`);
  return element?.dataset.noteId ?? element?.dataset.noteRef ?? null;
}

/** The first mark of a note, to align its card with and scroll to. */
export function firstMarkOf(root: HTMLElement, id: string): HTMLElement | null {
  return root.querySelector<HTMLElement>(`mark[data-note-id="${id}"]`);
}
