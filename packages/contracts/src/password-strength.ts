import * as core from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as spanish from '@zxcvbn-ts/language-es-es';
import { createPasswordStrength } from './password-estimator';

/**
 * The password strength check with its dictionaries (password-estimator.ts has the rules). Not
 * exported from the package's index: the dictionaries weigh 1.3 MB minified (631 kB gzip), and the
 * web loads this entry with import() only in the forms that set a password, never with the home page.
 */
export { minPasswordScore, type PasswordScore, type PasswordStrength } from './password-estimator';

export const passwordStrength = createPasswordStrength(() => ({ core, common, spanish }));
