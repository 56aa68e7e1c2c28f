import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { GuardianConsent, PublicGuardianConsent, Story } from '@fics/contracts';
import { guardianConsentMessages, guardianNotice } from '@fics/contracts';
import { galleryCounts, guardianConsents, mailOutbox, stories } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { countersAndRecount, gallery } from '../stories/gallery.fixtures';
import { publishedStory } from '../stories/stories.fixtures';
import { insertCollege, insertGrade, member } from './users.fixtures';

/**
 * A guardian's consent (issue 22.5, docs/decisions/privacy.md 'Consentimiento'): a student who may be
 * under 14 (by birth year, or of unknown age in a Básico grade) without it is shown only to signed-in
 * members of their school; a teacher of their grade or an administrator asks the guardian, who
 * answers through the e-mailed link without an account, once; a withdrawal takes effect at once.
 */
describe('guardian consent', () => {
  let t: TestApp;
  const year = new Date().getFullYear();
  let w: {
    collegeA: string;
    gradeA1: string;
    kid: Awaited<ReturnType<typeof member>>;
    unknownAge: Awaited<ReturnType<typeof member>>;
    classmate: Awaited<ReturnType<typeof member>>;
    otherGradeStudent: Awaited<ReturnType<typeof member>>;
    otherSchoolStudent: Awaited<ReturnType<typeof member>>;
    teacher: Awaited<ReturnType<typeof member>>;
    otherGradeTeacher: Awaited<ReturnType<typeof member>>;
    otherSchoolTeacher: Awaited<ReturnType<typeof member>>;
    admin: Awaited<ReturnType<typeof member>>;
  };
  let fic: Story;

  beforeAll(async () => {
    t = await buildTestApp();
    const collegeA = await insertCollege(t.app, 'Escuela Arrayán');
    const collegeB = await insertCollege(t.app, 'Liceo Bosque');
    const gradeA1 = await insertGrade(t.app, collegeA, { level: 'Quinto', cicle: 'Básico', name: 'A' });
    const gradeA2 = await insertGrade(t.app, collegeA, { level: 'Primero', cicle: 'Medio', name: 'B' });
    const gradeB1 = await insertGrade(t.app, collegeB, { level: 'Quinto', cicle: 'Básico', name: 'C' });
    w = {
      collegeA,
      gradeA1,
      kid: await member(t.app, 'STUDENT', [gradeA1], { name: 'Inés Ibáñez Soto', birthYear: year - 10 }),
      unknownAge: await member(t.app, 'STUDENT', [gradeA1], { name: 'Olga Ortiz', birthYear: null }),
      classmate: await member(t.app, 'STUDENT', [gradeA1], { name: 'Pedro Pérez' }),
      otherGradeStudent: await member(t.app, 'STUDENT', [gradeA2], { name: 'Zoe Zúñiga', birthYear: null }),
      otherSchoolStudent: await member(t.app, 'STUDENT', [gradeB1], { name: 'Bruno Bosque' }),
      teacher: await member(t.app, 'TEACHER', [gradeA1], { name: 'Tomás Docente' }),
      otherGradeTeacher: await member(t.app, 'TEACHER', [gradeA2], { name: 'Tania Docente' }),
      otherSchoolTeacher: await member(t.app, 'TEACHER', [gradeB1], { name: 'Berta Docente' }),
      admin: await member(t.app, 'ADMIN', [], { name: 'Ana Administradora' }),
    };
    fic = (
      await publishedStory(t.app, { author: w.kid, teacher: w.teacher }, { fields: { title: 'Mi gato' } })
    ).story;
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const view = (headers: Record<string, string>, storyId = fic._id) =>
    t.app.inject({ method: 'GET', url: `/api/v1/stories/${storyId}`, headers });
  const consentOf = async (headers: Record<string, string>, userId = w.kid.id) =>
    t.app.inject({ method: 'GET', url: `/api/v1/users/${userId}/guardian-consent`, headers });
  const ask = (headers: Record<string, string>, guardianEmail: unknown, userId = w.kid.id) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${userId}/guardian-consent`,
      headers,
      payload: { guardianEmail },
    });
  const linkTokenOf = async (to: string) => {
    const mails = await t.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, 'guardian-consent')));
    const last = mails.at(-1)!;
    return { mails, token: /\/consentimiento\/([A-Za-z0-9_-]{43})/.exec(last.text)![1]! };
  };
  const answer = (token: string, decision: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1/guardian-consents/${token}`, payload: { decision } });
  const inGallery = async (headers: Record<string, string> = {}) =>
    (await gallery(t.app, `?collegeId=${w.collegeA}`, headers)).page!.docs.map((card) => card._id);
  const allCount = async () =>
    (await t.app.db.select().from(galleryCounts).where(eq(galleryCounts.scope, 'ALL')))[0]?.count ?? 0;

  it('without consent: only signed-in members of the school see the fic; never the gallery', async () => {
    for (const [who, headers] of [
      ['visitor', {}],
      ['other school student', w.otherSchoolStudent.headers],
      ['other school teacher', w.otherSchoolTeacher.headers],
    ] as const) {
      expect((await view(headers)).statusCode, who).toBe(404);
    }
    for (const user of [w.kid, w.classmate, w.otherGradeStudent, w.otherGradeTeacher, w.teacher, w.admin]) {
      expect((await view(user.headers)).statusCode, user.name).toBe(200);
    }
    for (const headers of [{}, w.classmate.headers, w.teacher.headers, w.admin.headers]) {
      expect(await inGallery(headers)).not.toContain(fic._id);
    }
    expect(await allCount()).toBe(0);
    const check = await countersAndRecount(t.app);
    expect(check.kept).toEqual(check.recounted);
    // A Medio student of unknown age needs none; a Básico one of unknown age does.
    const medio = (await consentOf(w.admin.headers, w.otherGradeStudent.id)).json<{
      consent: GuardianConsent;
    }>();
    expect(medio.consent).toMatchObject({ required: false, state: 'NOT_REQUIRED' });
    const basico = (await consentOf(w.admin.headers, w.unknownAge.id)).json<{ consent: GuardianConsent }>();
    expect(basico.consent).toMatchObject({ required: true, state: 'MISSING' });
  });

  it('only a teacher of the grade or an administrator reads or asks for it', async () => {
    expect((await consentOf(w.teacher.headers)).json<{ consent: GuardianConsent }>().consent).toMatchObject({
      required: true,
      state: 'MISSING',
      guardianEmail: null,
    });
    expect((await consentOf(w.otherGradeTeacher.headers)).statusCode).toBe(404);
    expect((await consentOf(w.classmate.headers)).statusCode).toBe(403);
    expect((await consentOf({})).statusCode).toBe(401);
    expect((await ask(w.otherSchoolTeacher.headers, 'mama@fics.test')).statusCode).toBe(404);
    expect((await ask(w.kid.headers, 'mama@fics.test')).statusCode).toBe(403);
    // A teacher is no student.
    expect((await ask(w.admin.headers, 'mama@fics.test', w.teacher.id)).statusCode).toBe(409);
    const bad = await ask(w.teacher.headers, 'no es un email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      type: 'VALIDATION_ERROR',
      errors: { guardianEmail: guardianConsentMessages.guardianEmailInvalid },
    });
    expect(await t.app.db.select().from(guardianConsents)).toEqual([]);
  });

  it('the guardian accepts through the link once; a wrong or replaced link is 404; then the fic is public', async () => {
    const first = await ask(w.teacher.headers, 'Papa@Fics.test');
    expect(first.statusCode).toBe(200);
    const old = await linkTokenOf('papa@fics.test');
    // Asked again (another e-mail): the first link stops working.
    const again = await ask(w.teacher.headers, 'mama@fics.test');
    expect(again.json<{ consent: GuardianConsent }>().consent).toMatchObject({
      state: 'PENDING',
      guardianEmail: 'mama@fics.test',
    });
    const { mails, token } = await linkTokenOf('mama@fics.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Inés');
    expect(mails[0]!.text).not.toContain('Ibáñez');
    // The token is stored hashed only, and no event carries it.
    const rows = await t.app.db
      .select()
      .from(guardianConsents)
      .where(eq(guardianConsents.studentId, w.kid.id));
    expect(rows.map((row) => row.tokenHash)).not.toContain(token);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/guardian-consents/${old.token}` })).statusCode,
    ).toBe(404);
    expect((await answer(old.token, 'ACCEPT')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/guardian-consents/inventado' })).statusCode,
    ).toBe(404);
    expect((await answer('x'.repeat(43), 'ACCEPT')).statusCode).toBe(404);
    expect((await answer(token, 'QUIZAS')).statusCode).toBe(400);

    const page = await t.app.inject({ method: 'GET', url: `/api/v1/guardian-consents/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.json<{ consent: PublicGuardianConsent }>().consent).toEqual({
      studentName: 'Inés',
      college: 'Escuela Arrayán',
      state: 'PENDING',
      notice: {
        version: guardianNotice.version,
        title: guardianNotice.title,
        paragraphs: [...guardianNotice.paragraphs],
      },
    });
    // Still private until the answer.
    expect((await view({})).statusCode).toBe(404);

    // Two answers at once settle to one.
    const [a, b] = await Promise.all([answer(token, 'ACCEPT'), answer(token, 'REFUSE')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const accepted = a.statusCode === 200;
    const [row] = await t.app.db
      .select()
      .from(guardianConsents)
      .where(eq(guardianConsents.status, accepted ? 'GRANTED' : 'REFUSED'));
    expect(row).toMatchObject({ guardianEmail: 'mama@fics.test', noticeVersion: guardianNotice.version });
    expect(row!.decidedAt).toBeInstanceOf(Date);
    expect((await answer(token, 'ACCEPT')).statusCode).toBe(409);
    if (!accepted) {
      // Refused: still private; asked again and accepted this time.
      expect((await view({})).statusCode).toBe(404);
      await ask(w.teacher.headers, 'mama@fics.test');
      const next = await linkTokenOf('mama@fics.test');
      expect((await answer(next.token, 'ACCEPT')).statusCode).toBe(200);
    }
    expect((await consentOf(w.teacher.headers)).json<{ consent: GuardianConsent }>().consent).toMatchObject({
      state: 'GRANTED',
      noticeVersion: guardianNotice.version,
    });
    expect((await view({})).statusCode).toBe(200);
    expect((await view(w.otherSchoolStudent.headers)).statusCode).toBe(200);
    expect(await inGallery()).toContain(fic._id);
    expect(await allCount()).toBe(1);
    // A consent in force is not asked for again.
    expect((await ask(w.teacher.headers, 'otro@fics.test')).statusCode).toBe(409);
  });

  it('a withdrawal takes effect at once, through the link or recorded by the staff', async () => {
    const { token } = await linkTokenOf('mama@fics.test');
    const withdrawn = await answer(token, 'WITHDRAW');
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json<{ consent: PublicGuardianConsent }>().consent.state).toBe('WITHDRAWN');
    expect((await view({})).statusCode).toBe(404);
    expect(await inGallery()).not.toContain(fic._id);
    expect(await allCount()).toBe(0);
    expect((await answer(token, 'WITHDRAW')).statusCode).toBe(409);

    // Asked and given again, then withdrawn by the teacher.
    await ask(w.teacher.headers, 'mama@fics.test');
    const next = await linkTokenOf('mama@fics.test');
    expect((await answer(next.token, 'ACCEPT')).statusCode).toBe(200);
    expect((await view({})).statusCode).toBe(200);
    const byClassmate = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${w.kid.id}/guardian-consent/withdrawal`,
      headers: w.classmate.headers,
    });
    expect(byClassmate.statusCode).toBe(403);
    const recorded = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${w.kid.id}/guardian-consent/withdrawal`,
      headers: w.teacher.headers,
    });
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json<{ consent: GuardianConsent }>().consent.state).toBe('WITHDRAWN');
    expect((await view({})).statusCode).toBe(404);
    const check = await countersAndRecount(t.app);
    expect(check.kept).toEqual(check.recounted);
  });

  it("the guardian's page: the notice and 'Acepto' / 'No acepto' as a form, no account, no script", async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/consentimiento/no-existe' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Este enlace no es válido o ya venció');
    await ask(w.admin.headers, 'tia@fics.test', w.unknownAge.id);
    const { token } = await linkTokenOf('tia@fics.test');
    const shown = await t.app.inject({ method: 'GET', url: `/consentimiento/${token}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(shown.body).toContain('Estudiante: Olga, de Escuela Arrayán');
    expect(shown.body).toContain(guardianNotice.paragraphs[1]);
    expect(shown.body).toContain('value="ACCEPT">Acepto</button>');
    expect(shown.body).toContain('value="REFUSE">No acepto</button>');
    expect(shown.body).not.toContain('<script');
    const post = (decision: string) =>
      t.app.inject({
        method: 'POST',
        url: `/consentimiento/${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `decision=${decision}`,
      });
    expect((await post('TAL_VEZ')).statusCode).toBe(400);
    const refused = await post('REFUSE');
    expect(refused.statusCode).toBe(200);
    expect(refused.body).toContain(guardianConsentMessages.refused);
    expect(refused.body).not.toContain('value="ACCEPT"');
    const again = await post('ACCEPT');
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain(guardianConsentMessages.alreadyDecided);
  });

  it('a birth year given lifts or sets the need at once; bad years are refused in Spanish', async () => {
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${w.kid.id}`,
      headers: w.admin.headers,
      payload: { birthYear: 'dos mil' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: { birthYear: guardianConsentMessages.birthYearInvalid } });
    const future = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${w.kid.id}`,
      headers: w.admin.headers,
      payload: { birthYear: year + 1 },
    });
    expect(future.json()).toMatchObject({ errors: { birthYear: guardianConsentMessages.birthYearRange } });
    // Corrected: 15 this year, no consent needed: public now.
    const older = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${w.kid.id}`,
      headers: w.teacher.headers,
      payload: { birthYear: year - 15 },
    });
    expect(older.statusCode).toBe(200);
    expect(older.json<{ user: { birthYear: number } }>().user.birthYear).toBe(year - 15);
    expect((await view({})).statusCode).toBe(200);
    // 14 this year: may still be 13, so kept within the school.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${w.kid.id}`,
      headers: w.teacher.headers,
      payload: { birthYear: year - 14 },
    });
    expect((await view({})).statusCode).toBe(404);
    const [row] = await t.app.db.select().from(stories).where(eq(stories.id, fic._id));
    expect(row!.authorWithheld).toBe(true);
  });
});
