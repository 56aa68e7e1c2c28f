import type sharpModule from 'sharp';
import { lazyRequire } from '../../lib/lazy-require';

/** Loaded when covers are drawn (seeding the demo once), not at every start (lib/lazy-require.ts). */
const sharp = lazyRequire<typeof sharpModule>('sharp');

/**
 * Covers of the demo fics, drawn here: an SVG per fic (gradients, circles, waves, stars, hills…),
 * rendered by sharp to a PNG as if a student had uploaded it. No text (a fresh machine may lack
 * fonts) and no network. The same fic always gets the same picture: every random choice comes from
 * a generator seeded with the fic's key.
 */

/** What the picture shows; each demo fic picks the one that suits its story. */
export type CoverMotif =
  'hills' | 'night' | 'sea' | 'bubbles' | 'forest' | 'rays' | 'shapes' | 'aurora' | 'city' | 'meadow';

/** Five colours: sky top, sky bottom, then three from far to near. */
export type CoverPalette = readonly [string, string, string, string, string];

export const COVER_PALETTES = {
  amanecer: ['#ffcf9c', '#ff8c7a', '#f2a65a', '#c8553d', '#6b2737'],
  atardecer: ['#2d1e4f', '#f76e5c', '#f9a65a', '#a23b72', '#3b1f47'],
  oceano: ['#a8e6f0', '#3fa7d6', '#1d6fa3', '#0e4d7a', '#062c43'],
  bosque: ['#d9f0d3', '#8fc9a3', '#4f9d69', '#2e6e4e', '#173d2b'],
  noche: ['#0b1030', '#28306b', '#4b4e9c', '#f5e6a8', '#11142e'],
  lavanda: ['#f3e8ff', '#c4a7e7', '#9b72cf', '#6b4fa0', '#3d2c63'],
  menta: ['#e0fbf3', '#9ee6cf', '#4ecdc4', '#2a9d8f', '#1b5e57'],
  desierto: ['#fbe7c6', '#f4b183', '#e07a5f', '#b5523b', '#6e2f23'],
  otono: ['#fff1d6', '#f6bd60', '#e76f51', '#9c3d26', '#4a2419'],
  aurora: ['#06141f', '#0f3b4a', '#35e0a1', '#8c5cf0', '#0a2230'],
  caramelo: ['#fff0f3', '#ffb3c6', '#ff8fab', '#fb6f92', '#8c2f4b'],
  invierno: ['#eef4fb', '#b8d0ea', '#8fb3de', '#5b7fb5', '#2b3f66'],
  limon: ['#fdfbe3', '#f7e96f', '#b5d86a', '#5fa35a', '#2f5d3a'],
  volcan: ['#3a0f1d', '#a4243b', '#f08a4b', '#d8572a', '#1e0a10'],
  medianoche: ['#0d1b2a', '#24345a', '#415a77', '#2b3a55', '#141d33'],
} as const satisfies Record<string, CoverPalette>;
export type CoverPaletteName = keyof typeof COVER_PALETTES;

/** The side of the square picture (covers are square; 640 is the card's 2x size). */
export const DEMO_COVER_SIDE = 640;
const S = DEMO_COVER_SIDE;

/** A small, fast generator of numbers in [0, 1) from a 32-bit seed (mulberry32). */
function generator(key: string): () => number {
  // FNV-1a of the key.
  let seed = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    seed = Math.imul(seed ^ key.charCodeAt(i), 0x01000193);
  }
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Draw {
  random: () => number;
  between: (min: number, max: number) => number;
  pick: <T>(list: readonly T[]) => T;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** A band under a wavy line from x = 0 to S, filled to the bottom. */
function wave(d: Draw, top: number, amplitude: number, periods: number, fill: string, opacity = 1): string {
  const phase = d.between(0, Math.PI * 2);
  const points: string[] = [];
  for (let x = 0; x <= S; x += 16) {
    const y = top + Math.sin((x / S) * periods * Math.PI * 2 + phase) * amplitude;
    points.push(`${x},${round(y)}`);
  }
  return `<path d="M0,${S} L${points.join(' L')} L${S},${S} Z" fill="${fill}" fill-opacity="${opacity}"/>`;
}

/** Rolling hills: a smooth curve through a few random heights. */
function hill(d: Draw, base: number, spread: number, fill: string): string {
  const count = 4;
  const xs = Array.from({ length: count + 1 }, (_, i) => (i * S) / count);
  const ys = xs.map(() => base + d.between(-spread, spread));
  let path = `M0,${S} L0,${round(ys[0]!)}`;
  for (let i = 1; i <= count; i += 1) {
    const midX = (xs[i - 1]! + xs[i]!) / 2;
    path += ` C${round(midX)},${round(ys[i - 1]!)} ${round(midX)},${round(ys[i]!)} ${round(xs[i]!)},${round(ys[i]!)}`;
  }
  return `<path d="${path} L${S},${S} Z" fill="${fill}"/>`;
}

function stars(d: Draw, count: number, maxY: number, color = '#ffffff'): string {
  return Array.from({ length: count }, () => {
    const r = d.between(0.6, 2.4);
    return `<circle cx="${round(d.between(0, S))}" cy="${round(d.between(0, maxY))}" r="${round(r)}" fill="${color}" fill-opacity="${round(d.between(0.4, 1))}"/>`;
  }).join('');
}

/** A four-pointed sparkle. */
function sparkle(x: number, y: number, size: number, color: string): string {
  const s = size;
  const k = size / 5;
  return `<path d="M${x},${y - s} L${x + k},${y - k} L${x + s},${y} L${x + k},${y + k} L${x},${y + s} L${x - k},${y + k} L${x - s},${y} L${x - k},${y - k} Z" fill="${color}"/>`;
}

/** A sun (or moon) with a soft glow around it. */
function sun(id: string, x: number, y: number, r: number, color: string): string {
  return (
    `<defs><radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="0.55"/>` +
    `<stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient></defs>` +
    `<circle cx="${x}" cy="${y}" r="${r * 2.6}" fill="url(#${id})"/>` +
    `<circle cx="${x}" cy="${y}" r="${r}" fill="${color}"/>`
  );
}

/** A crescent moon with a soft glow: a disc with an offset disc cut out of it. */
function crescent(x: number, y: number, r: number, color: string): string {
  const cut = `<circle cx="${round(x + r * 0.45)}" cy="${round(y - r * 0.3)}" r="${round(r * 0.9)}" fill="#000000"/>`;
  return (
    `<defs><radialGradient id="glow"><stop offset="0" stop-color="${color}" stop-opacity="0.35"/>` +
    `<stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>` +
    `<mask id="crescent"><rect width="${S}" height="${S}" fill="#ffffff"/>${cut}</mask></defs>` +
    `<circle cx="${x}" cy="${y}" r="${r * 2.6}" fill="url(#glow)"/>` +
    `<circle cx="${x}" cy="${y}" r="${r}" fill="${color}" mask="url(#crescent)"/>`
  );
}

function tree(x: number, baseY: number, height: number, fill: string): string {
  const w = height * 0.42;
  const trunk = `<rect x="${round(x - height * 0.04)}" y="${round(baseY - height * 0.12)}" width="${round(height * 0.08)}" height="${round(height * 0.14)}" fill="${fill}"/>`;
  const tiers = [0, 1, 2]
    .map((i) => {
      const top = baseY - height + i * height * 0.22;
      const bottom = baseY - height * 0.1 - (2 - i) * height * 0.14;
      const half = w * (0.55 + i * 0.22);
      return `<path d="M${round(x)},${round(top)} L${round(x + half)},${round(bottom)} L${round(x - half)},${round(bottom)} Z" fill="${fill}"/>`;
    })
    .join('');
  return trunk + tiers;
}

function flower(d: Draw, x: number, y: number, size: number, petal: string, center: string): string {
  const petals = 5 + Math.floor(d.random() * 3);
  const turn = d.between(0, 360);
  const stem = `<path d="M${round(x)},${round(y)} Q${round(x + size * 0.4)},${round(y + size * 1.8)} ${round(x)},${round(y + size * 3.2)}" stroke="#2e6e4e" stroke-width="${round(size * 0.18)}" fill="none"/>`;
  const ring = Array.from({ length: petals }, (_, i) => {
    const angle = turn + (360 / petals) * i;
    return `<ellipse cx="${round(x)}" cy="${round(y - size * 0.55)}" rx="${round(size * 0.32)}" ry="${round(size * 0.6)}" fill="${petal}" transform="rotate(${round(angle)} ${round(x)} ${round(y)})"/>`;
  }).join('');
  return `${stem}${ring}<circle cx="${round(x)}" cy="${round(y)}" r="${round(size * 0.3)}" fill="${center}"/>`;
}

function background(d: Draw, p: CoverPalette, vertical: boolean): string {
  const angle = vertical ? 90 : d.between(20, 160);
  const rad = (angle * Math.PI) / 180;
  const x = round(50 + Math.cos(rad) * 50);
  const y = round(50 + Math.sin(rad) * 50);
  return (
    `<defs><linearGradient id="bg" x1="${round(100 - x)}%" y1="${round(100 - y)}%" x2="${x}%" y2="${y}%">` +
    `<stop offset="0" stop-color="${p[0]}"/><stop offset="1" stop-color="${p[1]}"/></linearGradient></defs>` +
    `<rect width="${S}" height="${S}" fill="url(#bg)"/>`
  );
}

const motifs: Record<CoverMotif, (d: Draw, p: CoverPalette) => string> = {
  hills: (d, p) =>
    background(d, p, true) +
    sun('sun', round(d.between(140, 500)), round(d.between(150, 260)), round(d.between(50, 80)), '#fff6d5') +
    hill(d, 380, 40, p[2]) +
    hill(d, 460, 35, p[3]) +
    hill(d, 540, 30, p[4]),

  night: (d, p) => {
    const mx = round(d.between(160, 480));
    const my = round(d.between(110, 220));
    const mr = round(d.between(38, 58));
    const mountains = [0, 1, 2, 3]
      .map((i) => {
        const peak = d.between(300, 420);
        const x = i * 190 - 60 + d.between(-30, 30);
        return `<path d="M${round(x - 200)},${S} L${round(x + 90)},${round(peak)} L${round(x + 380)},${S} Z" fill="${i % 2 ? p[4] : p[2]}"/>`;
      })
      .join('');
    return (
      background(d, p, true) +
      stars(d, 140, 420) +
      sparkle(round(d.between(60, 580)), round(d.between(40, 140)), 12, '#ffffff') +
      sparkle(round(d.between(60, 580)), round(d.between(200, 300)), 8, p[3]) +
      crescent(mx, my, mr, '#fbeebd') +
      mountains +
      wave(d, 560, 10, 2, p[4])
    );
  },

  sea: (d, p) => {
    const horizon = round(d.between(300, 360));
    const boatX = round(d.between(150, 450));
    const boatY = horizon + 70;
    const boat =
      `<path d="M${boatX - 46},${boatY} L${boatX + 46},${boatY} L${boatX + 30},${boatY + 20} L${boatX - 30},${boatY + 20} Z" fill="${p[4]}"/>` +
      `<path d="M${boatX},${boatY - 4} L${boatX},${boatY - 96} L${boatX + 44},${boatY - 10} Z" fill="#ffffff" fill-opacity="0.92"/>` +
      `<path d="M${boatX - 4},${boatY - 8} L${boatX - 4},${boatY - 70} L${boatX - 36},${boatY - 8} Z" fill="#ffffff" fill-opacity="0.75"/>`;
    return (
      background(d, p, true) +
      sun('sun', round(d.between(120, 520)), horizon - round(d.between(40, 120)), 52, '#fff3c4') +
      `<rect y="${horizon}" width="${S}" height="${S - horizon}" fill="${p[2]}"/>` +
      boat +
      wave(d, boatY + 18, 8, 3, p[3], 0.95) +
      wave(d, boatY + 80, 12, 2.5, p[4], 0.9) +
      wave(d, boatY + 160, 14, 2, p[4])
    );
  },

  bubbles: (d, p) =>
    background(d, p, false) +
    Array.from({ length: 26 }, () => {
      const r = d.between(14, 120);
      const color = d.pick([p[2], p[3], p[4], '#ffffff']);
      return `<circle cx="${round(d.between(0, S))}" cy="${round(d.between(0, S))}" r="${round(r)}" fill="${color}" fill-opacity="${round(d.between(0.18, 0.6))}"/>`;
    }).join('') +
    Array.from({ length: 8 }, () => {
      const r = d.between(20, 70);
      return `<circle cx="${round(d.between(40, 600))}" cy="${round(d.between(40, 600))}" r="${round(r)}" fill="none" stroke="#ffffff" stroke-opacity="0.7" stroke-width="${round(d.between(2, 6))}"/>`;
    }).join(''),

  forest: (d, p) => {
    const rows = [
      { base: 430, height: 150, fill: p[2], count: 9 },
      { base: 520, height: 190, fill: p[3], count: 7 },
      { base: 650, height: 240, fill: p[4], count: 5 },
    ];
    return (
      background(d, p, true) +
      sun('sun', round(d.between(120, 520)), round(d.between(110, 200)), 46, '#fffbe6') +
      hill(d, 420, 20, p[2]) +
      rows
        .map((row) =>
          Array.from({ length: row.count }, (_, i) =>
            tree(
              ((i + 0.5) * S) / row.count + d.between(-20, 20),
              row.base + d.between(-10, 10),
              row.height * d.between(0.8, 1.15),
              row.fill,
            ),
          ).join(''),
        )
        .join('')
    );
  },

  rays: (d, p) => {
    const cx = round(d.between(200, 440));
    const cy = round(d.between(200, 440));
    const count = 18;
    const turn = d.between(0, 20);
    const rays = Array.from({ length: count }, (_, i) => {
      const a1 = ((turn + (360 / count) * i) * Math.PI) / 180;
      const a2 = ((turn + (360 / count) * (i + 0.5)) * Math.PI) / 180;
      return `<path d="M${cx},${cy} L${round(cx + Math.cos(a1) * 900)},${round(cy + Math.sin(a1) * 900)} L${round(cx + Math.cos(a2) * 900)},${round(cy + Math.sin(a2) * 900)} Z" fill="${p[2]}" fill-opacity="0.35"/>`;
    }).join('');
    const rings = [190, 140, 95, 55]
      .map(
        (r, i) =>
          `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${[p[3], p[0], p[4], '#ffffff'][i]}" fill-opacity="${[0.5, 0.8, 0.85, 0.9][i]}"/>`,
      )
      .join('');
    return background(d, p, false) + rays + rings;
  },

  shapes: (d, p) =>
    background(d, p, false) +
    Array.from({ length: 22 }, () => {
      const x = round(d.between(0, S));
      const y = round(d.between(0, S));
      const size = round(d.between(24, 110));
      const color = d.pick([p[2], p[3], p[4], '#ffffff']);
      const opacity = round(d.between(0.45, 0.9));
      const angle = round(d.between(0, 360));
      const kind = Math.floor(d.random() * 3);
      const shape =
        kind === 0
          ? `<rect x="${x - size / 2}" y="${y - size / 2}" width="${size}" height="${size}" rx="${round(size / 8)}"`
          : kind === 1
            ? `<path d="M${x},${round(y - size / 1.7)} L${round(x + size / 2)},${round(y + size / 3)} L${round(x - size / 2)},${round(y + size / 3)} Z"`
            : `<circle cx="${x}" cy="${y}" r="${round(size / 2)}"`;
      return `${shape} fill="${color}" fill-opacity="${opacity}" transform="rotate(${angle} ${x} ${y})"/>`;
    }).join(''),

  aurora: (d, p) => {
    const bands = [0, 1, 2, 3]
      .map((i) => {
        const top = 120 + i * 55 + d.between(-20, 20);
        const color = i % 2 ? p[3] : p[2];
        return (
          `<defs><linearGradient id="band${i}" x1="0" y1="0" x2="0" y2="1">` +
          `<stop offset="0" stop-color="${color}" stop-opacity="0"/><stop offset="0.5" stop-color="${color}" stop-opacity="0.55"/>` +
          `<stop offset="1" stop-color="${color}" stop-opacity="0"/></linearGradient></defs>` +
          `<path d="${auroraPath(d, top)}" fill="url(#band${i})"/>`
        );
      })
      .join('');
    return (
      background(d, p, true) +
      stars(d, 110, 640) +
      bands +
      hill(d, 520, 30, p[4]) +
      wave(d, 590, 8, 3, '#02070c')
    );
  },

  city: (d, p) => {
    const buildings: string[] = [];
    let x = -10;
    while (x < S) {
      const w = d.between(46, 96);
      const h = d.between(140, 380);
      const fill = d.pick([p[3], p[4]]);
      buildings.push(
        `<rect x="${round(x)}" y="${round(S - h)}" width="${round(w)}" height="${round(h)}" fill="${fill}"/>`,
      );
      for (let wy = S - h + 16; wy < S - 24; wy += 26) {
        for (let wx = x + 10; wx < x + w - 14; wx += 18) {
          if (d.random() < 0.45) {
            buildings.push(
              `<rect x="${round(wx)}" y="${round(wy)}" width="8" height="12" fill="#ffe9a8" fill-opacity="${round(d.between(0.6, 1))}"/>`,
            );
          }
        }
      }
      x += w + d.between(2, 10);
    }
    return (
      background(d, p, true) +
      stars(d, 50, 260) +
      sun('moon', round(d.between(100, 540)), round(d.between(90, 170)), 36, '#fff3d1') +
      buildings.join('')
    );
  },

  meadow: (d, p) =>
    background(d, p, true) +
    sun('sun', round(d.between(140, 500)), round(d.between(110, 190)), 56, '#fff8d9') +
    hill(d, 380, 30, p[2]) +
    hill(d, 450, 25, p[3]) +
    Array.from({ length: 14 }, () =>
      flower(
        d,
        d.between(20, 620),
        d.between(430, 580),
        d.between(12, 24),
        d.pick([p[0], '#ffffff', p[1], p[4]]),
        '#ffd166',
      ),
    ).join(''),
};

function auroraPath(d: Draw, top: number): string {
  const phase = d.between(0, Math.PI * 2);
  const upper: string[] = [];
  const lower: string[] = [];
  for (let x = -20; x <= S + 20; x += 20) {
    const y = top + Math.sin((x / S) * Math.PI * 2.2 + phase) * 50;
    upper.push(`${x},${round(y - 70)}`);
    lower.unshift(`${x},${round(y + 50)}`);
  }
  return `M${upper.join(' L')} L${lower.join(' L')} Z`;
}

/** The cover's SVG: the same key, motif and palette always give the same picture. */
export function demoCoverSvg(key: string, motif: CoverMotif, palette: CoverPaletteName): string {
  const random = generator(key);
  const draw: Draw = {
    random,
    between: (min, max) => min + random() * (max - min),
    pick: (list) => list[Math.floor(random() * list.length)]!,
  };
  const body = motifs[motif](draw, COVER_PALETTES[palette]);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}">${body}</svg>`;
}

/** The cover as a PNG file, what a student's browser would upload. */
export async function renderDemoCover(
  key: string,
  motif: CoverMotif,
  palette: CoverPaletteName,
): Promise<Buffer> {
  return sharp()(Buffer.from(demoCoverSvg(key, motif, palette)))
    .png({ compressionLevel: 3 })
    .toBuffer();
}
