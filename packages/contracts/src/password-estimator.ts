import type * as ZxcvbnCore from '@zxcvbn-ts/core';
import type * as ZxcvbnCommon from '@zxcvbn-ts/language-common';
import type * as ZxcvbnSpanish from '@zxcvbn-ts/language-es-es';
import { foldForPassword } from './auth';
import { messages } from './messages';

/**
 * Password strength (architecture.md §6.3, issue 18 point 9), on top of the length, common-list and
 * own-name rules: zxcvbn-ts with its common dictionaries (passwords of many breaches, diceware) and
 * the Spanish ones (words of Spanish subtitles and Wikipedia, first and last names), plus the
 * account's own e-mail and name, so 'estrellita', 'contraseña123' and 'Valentina2' score low although
 * no English breach list holds them.
 *
 * The rules only: the three zxcvbn-ts packages are passed in, so each side loads them its own way.
 * The web imports `@fics/contracts/password-strength` (password-strength.ts, these rules with the
 * packages imported) with import() in the forms that set a password; the server requires the packages
 * on the first password it checks (api lib/password-policy.ts), not at every start (issue 23 point
 * 3: the dictionaries are 1.3 MB minified, 631 kB gzip).
 */

/** Scores are 0-4 (zxcvbn: under 10^3, 10^6, 10^8, 10^10 guesses, or more); below this is refused. */
export const minPasswordScore = 3;

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

export interface PasswordStrength {
  score: PasswordScore;
  /** The Spanish reason this password is refused (why, and what to do), or null when it is strong enough. */
  problem: string | null;
}

export interface ZxcvbnPackages {
  core: typeof ZxcvbnCore;
  common: typeof ZxcvbnCommon;
  spanish: typeof ZxcvbnSpanish;
}

/** How hard `password` is to guess for this account, and the Spanish reason when it is too easy. */
export type PasswordStrengthCheck = (
  password: string,
  identity?: { email?: string; name?: string },
) => PasswordStrength;

/**
 * The es-es package's feedback, with the few texts that address the reader as 'usted', carry a typo
 * or read as Spain's Spanish put the way the rest of the site talks (tú, Chile).
 */
function chileanTranslations(spanish: typeof ZxcvbnSpanish): typeof ZxcvbnSpanish.translations {
  return {
    ...spanish.translations,
    warnings: {
      ...spanish.translations.warnings,
      common: 'Es una contraseña común.',
      userInputs: 'Contiene tu email o tu nombre.',
      simpleRepeat: 'Los caracteres repetidos como "aaa" son fáciles de adivinar.',
      sequences: 'Las secuencias como "abc" son fáciles de adivinar.',
      pwned: 'Esta contraseña apareció en una filtración de datos en Internet.',
    },
    suggestions: {
      ...spanish.translations.suggestions,
      anotherWord: 'Agrega más palabras poco comunes.',
      repeated: 'Evita palabras y letras repetidas.',
      pwned: 'Si la usas en otro sitio, cámbiala.',
    },
  };
}

/** The account's e-mail, its parts, its name and each word of it, as typed and without accents. */
function personalWords(identity: { email?: string; name?: string }): string[] {
  const email = identity.email?.trim() ?? '';
  const name = identity.name?.trim() ?? '';
  const local = email.split('@')[0] ?? '';
  const words = [email, local, ...local.split(/[^\p{L}\p{N}]+/u), name, ...name.split(/\s+/)].filter(
    (word) => word.length > 0,
  );
  return [...new Set([...words, ...words.map(foldForPassword)])].filter((word) => word.length > 0);
}

/**
 * The check, over the packages `load` answers. Both the packages and the estimator are taken on the
 * first check (the estimator costs about 150 ms and 15 MB here, once per process): a server start or
 * a page that never checks a password does not pay for them. The answer is a sentence saying the
 * password is too easy, then zxcvbn's warning (what makes it weak) and up to two suggestions.
 */
export function createPasswordStrength(load: () => ZxcvbnPackages): PasswordStrengthCheck {
  let estimator: ZxcvbnCore.ZxcvbnFactory | undefined;
  const getEstimator = () => {
    if (!estimator) {
      const { core, common, spanish } = load();
      estimator = new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...spanish.dictionary },
        graphs: common.adjacencyGraphs,
        translations: chileanTranslations(spanish),
        // The default (100) tries so many look-alike substitutions that a 64-character password takes
        // 300-500 ms; 10 still finds 'p4ssw0rd' and 'c0ntr4s3ñ4' and keeps the worst case near 50 ms.
        l33tMaxSubstitutions: 10,
      });
    }
    return estimator;
  };
  return (password, identity = {}) => {
    const result = getEstimator().check(password, personalWords(identity));
    const { score } = result;
    if (score >= minPasswordScore) {
      return { score, problem: null };
    }
    const { warning, suggestions } = result.feedback;
    const problem = [messages.passwordTooWeak, warning, ...suggestions.slice(0, 2)]
      .filter((part): part is string => Boolean(part))
      .join(' ');
    return { score, problem };
  };
}
