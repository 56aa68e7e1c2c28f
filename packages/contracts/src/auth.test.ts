import { describe, expect, it } from 'vitest';
import { loginBodySchema, setPasswordBodySchema } from './auth';

describe('auth contracts', () => {
  it('trims and lower-cases the login e-mail', () => {
    expect(loginBodySchema.parse({ email: '  Ana@Example.CL ', password: 'x' }).email).toBe('ana@example.cl');
  });

  it('words a missing and an invalid e-mail as the spec does', () => {
    const missing = loginBodySchema.safeParse({ email: '', password: 'x' });
    expect(missing.error?.issues[0]?.message).toBe('El Email es obligatorio');
    const invalid = loginBodySchema.safeParse({ email: 'ana@', password: 'x' });
    expect(invalid.error?.issues[0]?.message).toBe('Ingresa un email valido');
  });

  it('refuses short, long, common and mismatched passwords', () => {
    const check = (password: string, confirmationPassword = password) =>
      setPasswordBodySchema.safeParse({ token: 't', password, confirmationPassword }).error?.issues[0]
        ?.message;
    expect(check('short')).toMatch(/al menos 8/);
    expect(check('x'.repeat(65))).toMatch(/más de 64/);
    expect(check('Password123')).toMatch(/común/);
    expect(check('una-clave-segura', 'otra-clave-segura')).toBe('La contraseña no coincide');
    expect(check('una-clave-segura')).toBeUndefined();
  });
});
