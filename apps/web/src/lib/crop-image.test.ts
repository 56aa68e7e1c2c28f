import { describe, expect, it, vi } from 'vitest';
import { outputSize, rotatedSize, shrinkUntilFits } from './crop-image';

/** A fake PNG encoder whose output weighs `bytesPerPixel` per pixel of a square of `side`. */
function fakeEncoder(bytesPerPixel: number) {
  return vi.fn(async (side: number) => ({ size: Math.round(side * side * bytesPerPixel) }) as Blob);
}

describe('crop-image', () => {
  it('keeps the first encoding when it already fits', async () => {
    const encode = fakeEncoder(0.5);
    const blob = await shrinkUntilFits(encode, 1080, 1_048_576);
    expect(encode.mock.calls.map(([side]) => side)).toEqual([1080]);
    expect(blob.size).toBe(Math.round(1080 * 1080 * 0.5));
  });

  it('lowers the side step by step until the PNG weighs at most the limit', async () => {
    // A noisy photo: 3 bytes a pixel, 3.5 MB at 1080 px.
    const encode = fakeEncoder(3);
    const blob = await shrinkUntilFits(encode, 1080, 1_048_576);
    const sides = encode.mock.calls.map(([side]) => side);
    expect(blob.size).toBeLessThanOrEqual(1_048_576);
    expect(sides[0]).toBe(1080);
    expect(sides.length).toBeGreaterThan(1);
    expect(sides.length).toBeLessThanOrEqual(4);
    // Each step is smaller than the last, and the result is not needlessly small.
    sides.slice(1).forEach((side, i) => expect(side).toBeLessThan(sides[i]!));
    expect(sides.at(-1)!).toBeGreaterThan(500);
  });

  it('gives up below the smallest side instead of looping', async () => {
    await expect(shrinkUntilFits(fakeEncoder(1), 1080, 1000)).rejects.toThrow('too-large');
  });

  it('sizes the output by its longest side, never enlarging', () => {
    expect(outputSize({ x: 0, y: 0, width: 3000, height: 3000 }, 1080)).toEqual({
      width: 1080,
      height: 1080,
    });
    expect(outputSize({ x: 0, y: 0, width: 400, height: 400 }, 1080)).toEqual({ width: 400, height: 400 });
    expect(outputSize({ x: 0, y: 0, width: 2000, height: 1000 }, 1000)).toEqual({ width: 1000, height: 500 });
  });

  it('computes the bounding box of a rotated image', () => {
    expect(rotatedSize(400, 200, 0)).toEqual({ width: 400, height: 200 });
    const quarter = rotatedSize(400, 200, 90);
    expect(quarter.width).toBeCloseTo(200);
    expect(quarter.height).toBeCloseTo(400);
    const diagonal = rotatedSize(100, 100, 45);
    expect(diagonal.width).toBeCloseTo(141.42, 1);
  });
});
