import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@fics/contracts';
import { users } from '../../db/schema';
import {
  buildTestApp,
  createUser,
  DEFAULT_TEST_PASSWORD,
  tokensFor,
  type TestApp,
  type TestUser,
} from '../../test/helpers';
import { issueOneTimeToken } from '../credentials';

/**
 * Issue 11, point 4: PATCH /auth/setPassword (the recovery and invitation page, the only place a
 * person sets a password) refuses the 20,000 most common passwords and the account's own e-mail or
 * name, with the contracts' Spanish message on `password`, and changes nothing when it does. Issue 18,
 * point 9: and passwords easy to guess by zxcvbn-ts with Spanish dictionaries (score below 3).
 */
describe('password rules when a password is set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const setPassword = (token: string, password: string) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/v1/auth/setPassword',
      payload: { token, password, confirmationPassword: password },
    });
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });
  const passwordHashOf = async (user: TestUser) =>
    (await t.app.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id)))[0]!.hash;

  /**
   * Refused with the message on `password`; the password (its hash), the link and the sessions stay
   * as they were. (No login attempts here: failed ones would count towards the account's lock.)
   */
  async function expectRefused(user: TestUser, password: string, message: unknown) {
    const token = await issueOneTimeToken({ db: t.app.db, userId: user.id, purpose: 'RECOVERY' });
    const session = await tokensFor(t.app, user);
    const hashBefore = await passwordHashOf(user);

    const res = await setPassword(token, password);
    expect(res.statusCode, password).toBe(400);
    expect(res.json()).toEqual({
      type: 'VALIDATION_ERROR',
      message: messages.validation,
      errors: { password: message },
    });

    expect(await passwordHashOf(user)).toBe(hashBefore);
    const checked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/checkRecoveryToken',
      payload: { token },
    });
    expect(checked.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(me.statusCode).toBe(200);
  }

  it.each([
    ['babygirl'],
    ['butterfly'],
    // Around the 10,000th entry of the list: not on the browser's short list.
    ['prisoner'],
    ['thematrix'],
    // Case and surrounding spaces do not matter.
    ['  BabyGirl  '],
    ['ButterFly'],
    // On the short list too, so it gets that plainer message before the strength estimate's.
    ['contraseña123'],
  ])('refuses the common password %j', async (password) => {
    const user = await createUser(t.app, { role: 'STUDENT' });
    await expectRefused(user, password, messages.passwordTooCommon);
  });

  it("refuses the account's e-mail, its local part, its name and a word of its name, folded", async () => {
    const user = await createUser(t.app, {
      role: 'STUDENT',
      name: 'Josefina Ñancupil Aravena',
      email: `josefina.nancupil.${Date.now()}@colegio.test`,
    });
    const local = user.email.split('@')[0]!;
    for (const password of [
      user.email,
      user.email.toUpperCase(),
      local,
      'Josefina Ñancupil Aravena',
      'josefinañancupilaravena',
      'JOSEFINA NANCUPIL ARAVENA',
      'Ñancupil',
    ]) {
      await expectRefused(user, password, messages.passwordIsPersonal);
    }
  });

  // Issue 18 point 9: passwords common among Spanish speakers, on no English breach list, score
  // below 3 with zxcvbn-ts's Spanish dictionaries; the message says why and what to do, in Spanish.
  it.each([['estrellita'], ['teamo1234'], ['futbolista'], ['Mariposa2'], ['perrito123']])(
    'refuses the easily guessed password %j, saying why in Spanish',
    async (password) => {
      const user = await createUser(t.app, { role: 'STUDENT' });
      await expectRefused(
        user,
        password,
        expect.stringMatching(
          new RegExp(`^${messages.passwordTooWeak} (.+ )?Agrega más palabras poco comunes\\.`),
        ),
      );
    },
  );

  it("refuses a password made of the account's own surname and a year, which is strong for a stranger", async () => {
    const user = await createUser(t.app, { role: 'STUDENT', name: 'Josefina Quilapán Aravena' });
    await expectRefused(
      user,
      'quilapan2024',
      `${messages.passwordTooWeak} Contiene tu email o tu nombre. Agrega más palabras poco comunes.`,
    );
  });

  it('refuses an invited account its own e-mail before it has any password', async () => {
    const invited = await createUser(t.app, { role: 'TEACHER', name: 'Profe Invitado', password: null });
    const token = await issueOneTimeToken({ db: t.app.db, userId: invited.id, purpose: 'INVITATION' });
    const res = await setPassword(token, invited.email);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ password: messages.passwordIsPersonal });
    expect(await passwordHashOf(invited)).toBeNull();
    expect((await setPassword(token, 'tiza-verde-en-la-pizarra')).statusCode).toBe(200);
    expect((await login(invited.email, 'tiza-verde-en-la-pizarra')).statusCode).toBe(200);
  });

  it('accepts a passphrase of uncommon words (caballo-bateria-grapa-9)', async () => {
    const user = await createUser(t.app, { role: 'STUDENT' });
    const token = await issueOneTimeToken({ db: t.app.db, userId: user.id, purpose: 'INVITATION' });
    expect((await setPassword(token, 'caballo-bateria-grapa-9')).statusCode).toBe(200);
    expect((await login(user.email, 'caballo-bateria-grapa-9')).statusCode).toBe(200);
  });

  it('accepts a strong password that contains the name among other words', async () => {
    const user = await createUser(t.app, { role: 'STUDENT', name: 'Josefina Rojas' });
    const token = await issueOneTimeToken({ db: t.app.db, userId: user.id, purpose: 'RECOVERY' });
    const strong = 'josefina y el condor de los andes';
    const res = await setPassword(token, strong);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.passwordUpdated });
    expect((await login(user.email, strong)).statusCode).toBe(200);
    expect((await login(user.email, DEFAULT_TEST_PASSWORD)).statusCode).toBe(401);
  });
});
