import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { z } from 'zod';
import type * as strengthModule from '@fics/contracts/password-strength';
import type { PasswordStrength } from '@fics/contracts/password-strength';

type StrengthModule = typeof strengthModule;

/** Whose password it is: their e-mail and name count as easy to guess (as on the server). */
export interface PasswordIdentity {
  email?: string;
  name?: string;
}

let loading: Promise<StrengthModule> | undefined;

/**
 * The strength estimator with its dictionaries (zxcvbn-ts, common and Spanish; 631 kB gzip, 545 kB brotli),
 * fetched once, by the first form that sets a password: never part of the home page or the login
 * dialog (bench/web-bundle.bench.ts checks). A failed download is tried again on the next call.
 */
export function loadPasswordStrength(): Promise<StrengthModule> {
  loading ??= import('@fics/contracts/password-strength').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * The live estimate of what is typed, or null while the dictionaries load (or could not) and for an
 * empty field. Deferred, so a long password does not slow the typing down.
 */
export function usePasswordStrength(password: string, identity: PasswordIdentity): PasswordStrength | null {
  const [estimator, setEstimator] = useState<StrengthModule | null>(null);
  useEffect(() => {
    let live = true;
    loadPasswordStrength().then(
      (module) => live && setEstimator(module),
      // Without the dictionaries there is no meter; the form still submits and the server decides.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  const typed = useDeferredValue(password);
  const { email, name } = identity;
  return useMemo(
    () => (estimator && typed ? estimator.passwordStrength(typed, { email, name }) : null),
    [estimator, typed, email, name],
  );
}

/**
 * Adds the server's strength rule to a new-password form's schema: a password scoring below 3 is
 * refused on `password` with the server's Spanish message, before anything is sent. Waits for the
 * dictionaries if they are still loading; if they cannot load, leaves the decision to the server.
 */
export function withPasswordStrength<S extends z.ZodType<{ password: string }>>(
  schema: S,
  identity: PasswordIdentity,
): S {
  return schema.superRefine(async (value, ctx) => {
    const estimator = await loadPasswordStrength().catch(() => null);
    const problem = estimator?.passwordStrength(value.password, identity).problem;
    if (problem) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
    }
  });
}
