import { afterEach, describe, expect, it } from 'vitest';
import { applyHighlights, clearHighlights, noteIdAt, setActiveHighlight, type Highlight } from './highlights';
import { plainTextOf, positionToRange, quoteAt, rangeToPosition } from './text-position';

/** A fic's body as StoryBody renders it: paragraphs, entities, nested inline tags, a list. */
const html =
  '<p>La niña salió &amp; volvió al <strong>amane<em>cer</em></strong>.</p>' +
  '<p>El bosque &lt;dormía&gt; y la <a href="#">niebla <u>cubría</u></a> el camino.</p>' +
  '<ul><li>Uno</li><li>Dos</li></ul><p><br></p><p>Fin.</p>';

function body(markup = html): HTMLElement {
  const element = document.createElement('div');
  element.className = 'story-body';
  element.innerHTML = markup;
  document.body.append(element);
  return element;
}

afterEach(() => document.body.replaceChildren());

/** The Range of the first occurrence of `exact` in `root`'s text. */
function rangeOf(root: HTMLElement, exact: string): Range {
  const start = plainTextOf(root).indexOf(exact);
  return positionToRange(root, { start, end: start + exact.length })!;
}

describe('text positions (textContent offsets)', () => {
  it('counts the text as textContent does: entities decoded, tags and paragraphs adding nothing', () => {
    const root = body();
    expect(plainTextOf(root)).toBe(root.textContent);
    expect(plainTextOf(root)).toBe(
      'La niña salió & volvió al amanecer.El bosque <dormía> y la niebla cubría el camino.UnoDosFin.',
    );
  });

  it('maps a selection across paragraphs and nested inline tags to its offsets and back', () => {
    const root = body();
    const text = plainTextOf(root);
    // From inside <em> in the first paragraph to inside <u> in the second.
    const range = document.createRange();
    const em = root.querySelector('em')!.firstChild!;
    const u = root.querySelector('u')!.firstChild!;
    range.setStart(em, 1);
    range.setEnd(u, 3);
    const position = rangeToPosition(root, range)!;
    expect(text.slice(position.start, position.end)).toBe('er.El bosque <dormía> y la niebla cub');
    expect(range.toString()).toBe(text.slice(position.start, position.end));
    const back = positionToRange(root, position)!;
    expect(back.toString()).toBe('er.El bosque <dormía> y la niebla cub');
  });

  it('maps boundaries given as element offsets (a triple click selects whole paragraphs)', () => {
    const root = body();
    const range = document.createRange();
    range.setStart(root, 1);
    range.setEnd(root, 2);
    const position = rangeToPosition(root, range)!;
    expect(plainTextOf(root).slice(position.start, position.end)).toBe(
      'El bosque <dormía> y la niebla cubría el camino.',
    );
  });

  it('refuses a selection outside the text or an empty one', () => {
    const root = body();
    const outside = document.createElement('p');
    outside.textContent = 'fuera';
    document.body.append(outside);
    const range = document.createRange();
    range.selectNodeContents(outside);
    expect(rangeToPosition(root, range)).toBeNull();
    const empty = document.createRange();
    empty.setStart(root.querySelector('p')!.firstChild!, 2);
    expect(rangeToPosition(root, empty)).toBeNull();
  });

  it('builds the quote selector with up to 32 characters of context', () => {
    const text = 'a'.repeat(40) + 'PASAJE' + 'b'.repeat(40);
    expect(quoteAt(text, { start: 40, end: 46 })).toEqual({
      exact: 'PASAJE',
      prefix: 'a'.repeat(32),
      suffix: 'b'.repeat(32),
    });
    expect(quoteAt('xPASAJEy', { start: 1, end: 7 })).toEqual({ exact: 'PASAJE', prefix: 'x', suffix: 'y' });
  });
});

describe('highlights', () => {
  const note = (
    id: string,
    root: HTMLElement,
    exact: string,
    number: number,
    resolved = false,
  ): Highlight => {
    const start = plainTextOf(root).indexOf(exact);
    return { id, start, end: start + exact.length, number, label: `Nota ${number}: texto`, resolved };
  };

  it('wraps a passage across paragraphs and tags in marks, with a footnote after it, keeping the text', () => {
    const root = body();
    const before = root.textContent;
    const first = note('n1', root, 'amanecer.El bosque', 1);
    const second = note('n2', root, 'niebla cubría', 2, true);
    applyHighlights(root, [first, second]);

    const marks = Array.from(root.querySelectorAll<HTMLElement>('mark[data-note-id="n1"]'));
    expect(marks.map((mark) => mark.textContent).join('')).toBe('amanecer.El bosque');
    // One mark per text node: inside <strong>, inside <em>, after it, and in the next paragraph.
    expect(marks.length).toBe(4);
    expect(marks.every((mark) => mark.closest('p') !== null)).toBe(true);
    const resolved = root.querySelectorAll<HTMLElement>('mark[data-note-id="n2"]');
    expect(Array.from(resolved).every((mark) => mark.dataset.resolved === 'true')).toBe(true);

    const buttons = Array.from(root.querySelectorAll<HTMLButtonElement>('button[data-note-ref]'));
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Nota 1: texto',
      'Nota 2: texto',
    ]);
    expect(buttons[0]!.previousSibling).toBe(marks.at(-1));
    // The text (and so every position) is unchanged; the footnotes carry no text.
    expect(root.textContent).toBe(before);
    expect(noteIdAt(marks[1]!)).toBe('n1');
    expect(noteIdAt(buttons[1]!)).toBe('n2');

    setActiveHighlight(root, 'n2');
    expect(root.querySelector<HTMLElement>('mark[data-note-id="n2"]')!.dataset.active).toBe('true');
    expect(root.querySelector<HTMLElement>('mark[data-note-id="n1"]')!.dataset.active).toBeUndefined();
  });

  it('unwraps them back to the original markup, and re-applies without doubling', () => {
    const root = body();
    const highlight = note('n1', root, 'salió & volvió al amane', 1);
    applyHighlights(root, [highlight]);
    applyHighlights(root, [highlight]);
    expect(root.querySelectorAll('button[data-note-ref]')).toHaveLength(1);
    expect(root.querySelectorAll('mark').length).toBe(2);
    clearHighlights(root);
    expect(root.innerHTML).toBe(html);
    expect(root.querySelector('p')!.childNodes[0]!.nodeType).toBe(Node.TEXT_NODE);
    expect(root.querySelector('p')!.childNodes).toHaveLength(3);
  });

  it('marks overlapping notes and skips a passage past the end of the text', () => {
    const root = body();
    const text = plainTextOf(root);
    applyHighlights(root, [
      note('a', root, 'El bosque <dormía>', 1),
      note('b', root, '<dormía> y la', 2),
      { id: 'gone', start: text.length + 5, end: text.length + 9, number: 3, label: 'x', resolved: false },
    ]);
    expect(rangeOf(root, 'El bosque').toString()).toBe('El bosque');
    expect(root.querySelectorAll('mark[data-note-id="gone"]')).toHaveLength(0);
    expect(root.textContent).toBe(text);
    const b = Array.from(root.querySelectorAll('mark[data-note-id="b"]')).map((m) => m.textContent);
    expect(b.join('')).toBe('<dormía> y la');
  });
});
