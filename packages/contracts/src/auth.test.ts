import { describe, expect, it } from 'vitest';
import {
  foldForPassword,
  isPersonalPassword,
  loginBodySchema,
  newPasswordSchemaFor,
  setPasswordBodySchema,
} from './auth';
import { messages } from './messages';

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

  it('refuses a common password whatever its case and surrounding spaces', () => {
    const check = (password: string) =>
      setPasswordBodySchema.safeParse({ token: 't', password, confirmationPassword: password }).error
        ?.issues[0]?.message;
    expect(check('  PassWord123 ')).toBe(messages.passwordTooCommon);
  });

  it("recognises the account's e-mail, its local part, its name and a word of it, folded", () => {
    const account = { email: 'sofia.perez@colegio.cl', name: 'Sofía Pérez Ñuñoa' };
    expect(foldForPassword(' Sofía  Pérez-Ñuñoa ')).toBe('sofiapereznunoa');
    for (const password of [
      'sofia.perez@colegio.cl',
      'SOFIA.PEREZ@COLEGIO.CL',
      'sofia.perez',
      'sofiaperez',
      'Sofía Pérez Ñuñoa',
      'sofiapereznunoa',
      'nunoa',
    ]) {
      expect(isPersonalPassword(password, account), password).toBe(true);
    }
    for (const password of ['sofia perez 2024', 'colegio.cl', 'el perro de sofia', '!!!!!!!!']) {
      expect(isPersonalPassword(password, account), password).toBe(false);
    }
    expect(isPersonalPassword('sofiaperez', {})).toBe(false);
  });

  it("words the account's own e-mail or name on the password field of the form that knows it", () => {
    const schema = newPasswordSchemaFor({ email: 'martina.soto@colegio.cl' });
    const personal = schema.safeParse({
      password: 'Martina.Soto@colegio.cl',
      confirmationPassword: 'Martina.Soto@colegio.cl',
    });
    expect(personal.error?.issues).toEqual([
      expect.objectContaining({ path: ['password'], message: messages.passwordIsPersonal }),
    ]);
    const fine = schema.safeParse({ password: 'una-clave-segura', confirmationPassword: 'una-clave-segura' });
    expect(fine.success).toBe(true);
  });
});
