import { describe, expect, it } from 'vitest';
import { maskPhoneNumber } from './phone-mask';

describe('maskPhoneNumber', () => {
  it('keeps the country code, the first group and the last four digits of a Chilean mobile', () => {
    expect(maskPhoneNumber('+56987655678')).toBe('+56 9 **** 5678');
  });

  it('masks numbers of other countries the same way', () => {
    expect(maskPhoneNumber('+12133734253')).toBe('+1 213 *** 4253');
    expect(maskPhoneNumber('+56221234567')).toBe('+56 2 **** 4567');
  });

  it('still hides the middle of a number it cannot format', () => {
    const masked = maskPhoneNumber('+5612345678901');
    expect(masked.endsWith('8901')).toBe(true);
    expect(masked).toContain('*');
    expect(masked).not.toContain('567');
  });
});
