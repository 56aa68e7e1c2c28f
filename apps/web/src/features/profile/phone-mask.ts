import { parsePhoneNumber } from 'react-phone-number-input';

/**
 * Hides the middle digits of a stored phone number (spec 000 §2: the profile shows it masked):
 * '+56912345678' → '+56 9 **** 5678'. The country code, the first group and the last four digits
 * stay visible so the student recognises their number.
 */
export function maskPhoneNumber(value: string): string {
  const phone = parsePhoneNumber(value);
  const formatted = phone ? phone.formatInternational() : value;
  const match = /^(\+\d+)\s+(.*)$/.exec(formatted);
  const prefix = match ? `${match[1]} ` : '';
  const national = match ? match[2]! : formatted;
  const groups = national.split(/[\s-]+/).filter(Boolean);
  const digitCount = national.replace(/\D/g, '').length;
  const keepHead = groups.length >= 3 ? groups[0]!.replace(/\D/g, '').length : 0;
  const keepTail = Math.min(4, Math.floor(digitCount / 2));
  let index = 0;
  const masked = national.replace(/\d/g, (digit) => {
    const position = index++;
    return position < keepHead || position >= digitCount - keepTail ? digit : '*';
  });
  return prefix + masked;
}
