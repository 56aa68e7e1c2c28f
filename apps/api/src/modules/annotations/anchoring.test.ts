import { describe, expect, it } from 'vitest';
import { anchor, FUZZY_THRESHOLD, plainTextOf, quoteAt, type Selector } from './anchoring';

/** A selector for `exact` found in `text` (at its `nth` occurrence), as the browser would send it. */
function selectorIn(text: string, exact: string, nth = 0): Selector {
  let start = -1;
  for (let i = 0; i <= nth; i += 1) {
    start = text.indexOf(exact, start + 1);
  }
  if (start === -1) {
    throw new Error(`"${exact}" is not in the text`);
  }
  const end = start + exact.length;
  return { quote: quoteAt(text, start, end, 32), position: { start, end } };
}

const original =
  'La niña salió de la casa al amanecer. El bosque estaba en silencio y la niebla cubría el camino. ' +
  'Nadie sabía adónde iba, ni siquiera ella. Al llegar al río se detuvo a escuchar.';

describe('anchor', () => {
  it('keeps a note whose passage did not move', () => {
    const s = selectorIn(original, 'la niebla cubría el camino');
    expect(anchor(original, s)).toEqual({ kind: 'exact', ...s.position, score: 1 });
  });

  it('moves a note when text is inserted before its passage', () => {
    const s = selectorIn(original, 'Nadie sabía adónde iba');
    const edited = `Era invierno en el sur. ${original}`;
    const placed = anchor(edited, s);
    expect(placed).toMatchObject({ kind: 'moved', start: s.position.start + 24 });
    expect(placed.kind !== 'orphan' && edited.slice(placed.start, placed.end)).toBe('Nadie sabía adónde iba');
  });

  it('places a note fuzzily when a word inside its passage changed', () => {
    const s = selectorIn(original, 'El bosque estaba en silencio y la niebla cubría el camino');
    const edited = original.replace('estaba en silencio', 'seguía en silencio');
    const placed = anchor(edited, s);
    expect(placed.kind).toBe('fuzzy');
    if (placed.kind !== 'fuzzy') {
      return;
    }
    expect(placed.score).toBeGreaterThanOrEqual(FUZZY_THRESHOLD);
    expect(edited.slice(placed.start, placed.end)).toContain(
      'seguía en silencio y la niebla cubría el camino',
    );
    expect(Math.abs(placed.start - s.position.start)).toBeLessThanOrEqual(2);
  });

  it('orphans a note whose passage was deleted', () => {
    const s = selectorIn(original, 'Nadie sabía adónde iba, ni siquiera ella.');
    const edited = original.replace(' Nadie sabía adónde iba, ni siquiera ella.', '');
    expect(anchor(edited, s)).toEqual({ kind: 'orphan' });
  });

  it('places a note on the nearer of two identical sentences', () => {
    const sentence = 'El viento sopló otra vez.';
    const text = `${sentence} Pasaron muchas horas junto al fuego, contando historias viejas. ${sentence} Fin.`;
    const second = selectorIn(text, sentence, 1);
    // Inserted before both: the old position is nearer the second occurrence, which wins.
    const edited = `Prólogo. ${text}`;
    const placed = anchor(edited, second);
    expect(placed).toMatchObject({ kind: 'moved', start: second.position.start + 9 });
    const first = selectorIn(text, sentence, 0);
    expect(anchor(edited, first)).toMatchObject({ kind: 'moved', start: 9 });
  });
  it('finds a changed passage far from its old position (beyond the near window)', () => {
    const s = selectorIn(original, 'El bosque estaba en silencio y la niebla cubría el camino');
    const filler = 'Texto nuevo agregado antes. '.repeat(200);
    const edited = filler + original.replace('estaba', 'seguía');
    const placed = anchor(edited, s);
    expect(placed.kind).toBe('fuzzy');
    expect(placed.kind === 'fuzzy' && edited.slice(placed.start, placed.end)).toContain('seguía en silencio');
  });
});

describe('plainTextOf', () => {
  it('gives the textContent of the HTML: tags add nothing, entities are decoded', () => {
    expect(
      plainTextOf('<p>Había una vez&nbsp;un <strong>pingüino</strong></p><p>Fin &amp; más<br></p>'),
    ).toBe('Había una vez\u00a0un pingüinoFin & más');
  });
});
