/**
 * Re-anchoring benchmark (issue 20.2): 200 notes on a 100,000-character fic re-anchored after the
 * author's edit, goal under 200 ms on the server. Measures the work the re-anchoring subscriber does
 * per fic (apps/api/src/modules/annotations/anchoring.ts: the HTML's text content with htmlparser2,
 * then `anchor` for each note), without the database's reads and writes.
 *
 * The edit: a paragraph inserted at the start (every note moves: the exact search), one word
 * changed inside 20 of the passages (fuzzy, approx-string-match over the whole text), 10 passages
 * deleted (orphans: a fuzzy search that finds nothing good enough). Baseline, in the same run: the
 * same 200 notes on the unchanged text (every note exact at its position), so a slow machine shows
 * in both. Each pass is run --runs times (default 20) after a warm-up; the median is printed.
 * Every note's outcome is checked (moved notes on their passage, fuzzy ones placed, deleted ones
 * orphaned), so a fast wrong answer fails. Exit code 1 when the median exceeds the goal.
 *
 *   node --import tsx bench/annotations.bench.ts [--runs=20]
 */
import { performance } from 'node:perf_hooks';
import { anchor, plainTextOf, quoteAt, type Selector } from '../apps/api/src/modules/annotations/anchoring';

const GOAL_MS = 200;
const NOTES = 200;
const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 20);

const words = [
  'bosque',
  'niebla',
  'camino',
  'río',
  'montaña',
  'silencio',
  'amanecer',
  'pingüino',
  'ventana',
  'abuela',
  'faro',
  'ballena',
  'invierno',
  'canción',
  'sombra',
  'lluvia',
  'estrella',
  'puerto',
];
// A deterministic generator, so every run measures the same text.
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const sentence = (i: number) =>
  `${Array.from({ length: 10 }, () => words[Math.floor(random() * words.length)]).join(' ')} número ${i}.`;

// Just over 100,000 characters of text in paragraphs of five sentences (one character a paragraph
// fewer than counted: no space between paragraphs), as the editor stores it.
const paragraphs: string[] = [];
let sentences: string[] = [];
let length = 0;
for (let i = 0; length < 100_300; i += 1) {
  const s = sentence(i);
  sentences.push(s);
  length += s.length + 1;
  if (sentences.length === 5) {
    paragraphs.push(`<p>${sentences.join(' ')}</p>`);
    sentences = [];
  }
}
if (sentences.length > 0) {
  paragraphs.push(`<p>${sentences.join(' ')}</p>`);
}
const html = paragraphs.join('');
const text = plainTextOf(html);

// 200 notes spread over the text, each on one sentence.
const selectors: Selector[] = [];
const quoted: string[] = [];
for (let n = 0; n < NOTES; n += 1) {
  const from = Math.floor((n * text.length) / NOTES);
  const start = text.indexOf(' número', from);
  const sStart = text.lastIndexOf('.', start) + 2;
  const end = text.indexOf('.', start) + 1;
  quoted.push(text.slice(sStart, end));
  selectors.push({ quote: quoteAt(text, sStart, end, 32), position: { start: sStart, end } });
}

// The edit: a paragraph first, a word changed in notes 0, 10, …, 190, notes 5, 25, …, 185 deleted.
let editedHtml = `<p>${sentence(-1)} ${sentence(-2)}</p>${html}`;
const fuzzy = new Set<number>();
const deleted = new Set<number>();
for (let n = 0; n < NOTES; n += 10) {
  fuzzy.add(n);
  editedHtml = editedHtml.replace(quoted[n]!, quoted[n]!.replace(/^(\S+)/, 'xilófono'));
}
for (let n = 5; n < NOTES; n += 20) {
  deleted.add(n);
  editedHtml = editedHtml.replace(quoted[n]!, '');
}

function pass(source: string) {
  const current = plainTextOf(source);
  return { current, anchors: selectors.map((s) => anchor(current, s)) };
}

function check() {
  const { current, anchors } = pass(editedHtml);
  anchors.forEach((a, n) => {
    if (deleted.has(n)) {
      if (a.kind !== 'orphan') {
        throw new Error(`note ${n}: deleted, but placed (${a.kind})`);
      }
    } else if (fuzzy.has(n)) {
      if (a.kind !== 'fuzzy') {
        throw new Error(`note ${n}: a word changed, got ${a.kind}`);
      }
      if (!current.slice(a.start, a.end).includes(quoted[n]!.split(' ').slice(1, 4).join(' '))) {
        throw new Error(`note ${n}: placed elsewhere`);
      }
    } else if (a.kind !== 'moved' || current.slice(a.start, a.end) !== quoted[n]) {
      throw new Error(`note ${n}: expected moved onto its passage, got ${a.kind}`);
    }
  });
}

function median(source: string): number {
  const times: number[] = [];
  for (let i = 0; i < runs + 2; i += 1) {
    const t0 = performance.now();
    pass(source);
    const ms = performance.now() - t0;
    if (i >= 2) {
      times.push(ms);
    } // two warm-up passes
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

check();
const baseline = median(html);
const edited = median(editedHtml);
console.log(
  `Text: ${text.length.toLocaleString('en')} characters, ${NOTES} notes (${fuzzy.size} fuzzy, ${deleted.size} orphaned, the rest moved)`,
);
console.log(`Baseline (unchanged text, every note exact): ${baseline.toFixed(1)} ms (median of ${runs})`);
console.log(
  `Re-anchoring after the edit: ${edited.toFixed(1)} ms (median of ${runs}), ${(edited / baseline).toFixed(1)}x the baseline`,
);
console.log(`Goal: under ${GOAL_MS} ms: ${edited < GOAL_MS ? 'met' : 'MISSED'}`);
if (edited >= GOAL_MS) {
  process.exitCode = 1;
}
