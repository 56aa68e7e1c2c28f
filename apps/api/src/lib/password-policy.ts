import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isCommonPassword, isPersonalPassword, messages } from '@fics/contracts';
import { createPasswordStrength, type ZxcvbnPackages } from '@fics/contracts/password-estimator';
import { lazyRequire } from './lazy-require';

/**
 * The server's password rule beyond the schema's length (architecture.md §6.3): the browser's short
 * list of common passwords (contracts), the 20,000 most common passwords of 8 to 64 characters from
 * a public breach list (common-passwords.txt beside this file; source and licence in its header),
 * the account's own e-mail or name, and a strength estimate with Spanish dictionaries (zxcvbn-ts,
 * contracts/password-strength: scores below 3 of 4 refused, issue 18 point 9). The server is the
 * authority: every place that sets a password asks.
 */
const LIST_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'common-passwords.txt');

/**
 * The strength estimate's three packages (dictionaries of 1.3 MB) are required with the first password
 * checked, not at start (lazy-require.ts).
 */
const zxcvbn = {
  core: lazyRequire<ZxcvbnPackages['core']>('@zxcvbn-ts/core'),
  common: lazyRequire<ZxcvbnPackages['common']>('@zxcvbn-ts/language-common'),
  spanish: lazyRequire<ZxcvbnPackages['spanish']>('@zxcvbn-ts/language-es-es'),
};
const passwordStrength = createPasswordStrength(() => ({
  core: zxcvbn.core(),
  common: zxcvbn.common(),
  spanish: zxcvbn.spanish(),
}));

/**
 * Loads the estimator's packages and builds it (about 0.4 s of CPU here), for the server to call once
 * it listens: the first password set after a start then does not wait for it.
 */
export function prepareStrengthEstimator(): void {
  passwordStrength('', {});
}

/** Read once, when this module first loads (at start). */
const breachList: ReadonlySet<string> = new Set(
  fs
    .readFileSync(LIST_FILE, 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line !== '' && !line.startsWith('#')),
);

/** How many passwords the breach list holds (tests and start-up checks). */
export const breachListSize = breachList.size;

/** Whether the password is one of the common ones, ignoring case and surrounding spaces. */
export function isBreachedPassword(password: string): boolean {
  const value = password.trim().toLowerCase();
  return breachList.has(value) || isCommonPassword(value);
}

/**
 * The Spanish message refusing this password for this account, or null when it may be used. The
 * length rule is the schema's (passwordField); this adds what only the server knows.
 */
export function passwordProblem(password: string, account: { email?: string; name?: string }): string | null {
  if (isBreachedPassword(password)) {
    return messages.passwordTooCommon;
  }
  if (isPersonalPassword(password, account)) {
    return messages.passwordIsPersonal;
  }
  // Last: the cheap checks above give their own, plainer messages. The estimator's dictionaries load
  // on the first call (about 150 ms and 15 MB, once per process); a check takes 2-50 ms after that.
  return passwordStrength(password, account).problem;
}
