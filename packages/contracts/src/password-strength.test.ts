import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { minPasswordScore, passwordStrength } from './password-strength';

describe('password strength (zxcvbn-ts, common and Spanish dictionaries)', () => {
  it.each([
    'estrellita',
    'contraseña123',
    'teamo1234',
    'futbolista',
    'mariposa',
    'chilechile1',
    'p4ssw0rd',
    'c0ntr4s3ñ4',
  ])("refuses '%s', common among Spanish speakers, saying why in Spanish", (password) => {
    const { score, problem } = passwordStrength(password);
    expect(score).toBeLessThan(minPasswordScore);
    expect(problem).toMatch(new RegExp(`^${messages.passwordTooWeak} `));
    // What to do about it, in the site's Spanish (tú).
    expect(problem).toMatch(/Agrega más palabras poco comunes\./);
  });

  it("says what makes it weak when zxcvbn knows: a common password, a repeated word, the account's name", () => {
    expect(passwordStrength('mariposa').problem).toContain('Es una contraseña común.');
    expect(passwordStrength('chilechile1').problem).toContain('Evita palabras y letras repetidas.');
    expect(
      passwordStrength('martina.soto', { email: 'martina.soto@colegio.cl', name: 'Martina Soto' }).problem,
    ).toContain('Contiene tu email o tu nombre.');
  });

  it("refuses the account's own surname with a year, strong for a stranger, accents folded", () => {
    const identity = { email: 'sofia.nunez@colegio.cl', name: 'Sofía Núñez Quilapán' };
    for (const password of ['quilapan2024', 'núñezquilapán', 'quilapan-9x']) {
      expect(passwordStrength(password).score, password).toBeGreaterThanOrEqual(minPasswordScore);
      const own = passwordStrength(password, identity);
      expect(own.score, password).toBeLessThan(minPasswordScore);
      expect(own.problem).toContain('Contiene tu email o tu nombre.');
    }
  });

  it.each(['caballo-bateria-grapa-9', 'k7mp-x3qa-hz9w', 'una-clave-segura', 'sofia perez 2024 bosque'])(
    "accepts '%s'",
    (password) => {
      expect(passwordStrength(password, { email: 'ana.rojas@colegio.cl', name: 'Ana Rojas' })).toEqual({
        score: expect.any(Number),
        problem: null,
      });
      expect(passwordStrength(password).score).toBeGreaterThanOrEqual(minPasswordScore);
    },
  );

  it('keeps the longest password (64 characters) fast once the dictionaries are loaded', () => {
    passwordStrength('warm-up');
    const started = performance.now();
    passwordStrength('el-caballo-come-bateria-y-grapa-en-la-montaña-del-sur-9876543210');
    passwordStrength('Xy9!'.repeat(16));
    // About 50 ms each here; zxcvbn's default look-alike search took 300-500 ms.
    expect(performance.now() - started).toBeLessThan(400);
  });
});
