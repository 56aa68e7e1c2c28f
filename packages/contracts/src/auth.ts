import { z } from 'zod';
import { userSchema, limits } from './users';
import { isCommonPassword } from './common-passwords';
import { messages } from './messages';

export const emailField = (required = 'El Email es obligatorio', invalid = 'Ingresa un email valido') =>
  z
    .string({ error: required })
    .trim()
    .toLowerCase()
    .min(1, required)
    .max(254, invalid)
    .pipe(z.email({ error: invalid }));

export const loginBodySchema = z.object({
  email: emailField(),
  password: z.string({ error: 'La contraseña es requerida' }).min(1, 'La contraseña es requerida').max(1024),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const authResultSchema = z
  .object({ accessToken: z.string(), refreshToken: z.string(), user: userSchema })
  .meta({ id: 'AuthResult' });
export type AuthResult = z.infer<typeof authResultSchema>;

export const changeTokenBodySchema = z.object({
  refreshToken: z.string({ error: 'El token es obligatorio' }).min(1, 'El token es obligatorio').max(512),
});
export const tokenPairSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });

const recoveryEmailMessage = 'Necesitamos tu email para recuperar la contraseña';
export const recoverPasswordBodySchema = z.object({
  email: emailField(recoveryEmailMessage, recoveryEmailMessage),
});
export const messageResponseSchema = z.object({ message: z.string() });
/** POST /auth/logout (no body): ends the caller's session; answers 200 `{ message: messages.loggedOut }`. */
export const logoutResponseSchema = messageResponseSchema;
/**
 * POST /auth/logout-all (no body): ends every session of the caller on every device, this one
 * included; answers 200 `{ message: messages.loggedOutEverywhere, sessionsEnded }`.
 */
export const logoutAllResponseSchema = z.object({ message: z.string(), sessionsEnded: z.number().int() });

export const checkRecoveryTokenBodySchema = z.object({
  token: z.string({ error: 'El token es obligatorio' }).min(1, 'El token es obligatorio').max(512),
});
/** 200 for a live recovery or invitation token; otherwise 400 VALIDATION_ERROR with `errors.token`. */
export const checkRecoveryTokenResponseSchema = z.object({
  valid: z.literal(true),
  purpose: z.enum(['RECOVERY', 'INVITATION']),
  email: z.string(),
});

/**
 * Password rule of architecture.md §6.3: 8 to 64 characters, common passwords refused (this short
 * list in the browser; the server also checks its long list and the account's e-mail and name).
 */
export const passwordField = z
  .string({ error: 'La contraseña es requerida' })
  .min(1, 'La contraseña es requerida')
  .min(limits.passwordMin, `La contraseña debe tener al menos ${limits.passwordMin} caracteres`)
  .max(limits.passwordMax, `La contraseña no debe tener más de ${limits.passwordMax} caracteres`)
  .refine((value) => !isCommonPassword(value), { message: messages.passwordTooCommon });

/** Lower case, accents removed, only letters and digits: 'Sofía Espinoza' and 'sofia.espinoza' fold alike. */
export function foldForPassword(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * Whether a password is the account's own e-mail, the e-mail's local part, its name or one word of
 * the name, compared folded (foldForPassword), so 'Valentina2' is not 'valentina' but 'VALENTINA' is.
 */
export function isPersonalPassword(password: string, identity: { email?: string; name?: string }): boolean {
  const folded = foldForPassword(password);
  if (!folded) {
    return false;
  }
  const email = identity.email?.trim() ?? '';
  const name = identity.name?.trim() ?? '';
  const candidates = [email, email.split('@')[0] ?? '', name, ...name.split(/\s+/)];
  return candidates.some((candidate) => foldForPassword(candidate) === folded);
}

const confirmationField = z
  .string({ error: 'Confirma tu contraseña' })
  .min(1, 'Confirma tu contraseña')
  .max(limits.passwordMax, `La contraseña no debe tener más de ${limits.passwordMax} caracteres`);

const passwordsMatch = (v: { password: string; confirmationPassword: string }) =>
  v.password === v.confirmationPassword;
const mismatch = { message: 'La contraseña no coincide', path: ['confirmationPassword'] };

/** The new-password form (recovery and invitation page). */
export const newPasswordSchema = z
  .object({ password: passwordField, confirmationPassword: confirmationField })
  .refine(passwordsMatch, mismatch);

/** The new-password form for a known account: its e-mail or name is refused too, as the server does. */
export const newPasswordSchemaFor = (identity: { email?: string; name?: string }) =>
  newPasswordSchema.refine((v) => !isPersonalPassword(v.password, identity), {
    message: messages.passwordIsPersonal,
    path: ['password'],
  });

export const setPasswordBodySchema = z
  .object({
    token: z.string({ error: 'El token es obligatorio' }).min(1, 'El token es obligatorio').max(512),
    password: passwordField,
    confirmationPassword: confirmationField,
  })
  .refine(passwordsMatch, mismatch);
