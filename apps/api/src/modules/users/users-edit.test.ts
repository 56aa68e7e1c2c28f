import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { count, eq } from 'drizzle-orm';
import type { User } from '@fics/contracts';
import { media, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { member, multipartBody, schoolWorld } from './users.fixtures';

describe('PATCH /users/:id', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof schoolWorld>>;
  let png: Buffer;
  beforeAll(async () => {
    t = await buildTestApp();
    w = await schoolWorld(t.app);
    png = await sharp({ create: { width: 640, height: 320, channels: 3, background: '#32ADD0' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await t.close();
  });

  const patchJson = (headers: Record<string, string>, id: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/v1/users/${id}`, headers, payload });
  const patchForm = (
    headers: Record<string, string>,
    id: string,
    fields: Record<string, string>,
    file?: Parameters<typeof multipartBody>[1],
  ) => {
    const body = multipartBody(fields, file);
    return t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${id}`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  describe('editing', () => {
    it('lets an administrator change e-mail, name, role, schools and grades from the multipart form', async () => {
      const target = await member(t.app, 'STUDENT', [w.gradeA1], { name: 'Por Cambiar' });
      const res = await patchForm(w.admin.headers, target.id, {
        email: ' Cambiada@Fics.TEST ',
        name: 'Ya Cambiada',
        role: w.roleIds.TEACHER,
        collegeId: JSON.stringify([w.collegeA, w.collegeB]),
        gradeId: JSON.stringify([w.gradeA2, w.gradeB1]),
      });
      expect(res.statusCode).toBe(200);
      const { user } = res.json<{ user: User }>();
      expect(user).toMatchObject({
        email: 'cambiada@fics.test',
        name: 'Ya Cambiada',
        role: { name: 'TEACHER' },
      });
      expect(user.gradeId.map((g) => g._id).sort()).toEqual([w.gradeA2, w.gradeB1].sort());
    });

    it('accepts JSON and keeps the fields left out', async () => {
      const target = await member(t.app, 'STUDENT', [w.gradeA1], { name: 'Solo Nombre' });
      const res = await patchJson(w.admin.headers, target.id, { name: 'Nombre Nuevo' });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ user: User }>().user).toMatchObject({
        name: 'Nombre Nuevo',
        email: target.email,
        gradeId: [{ _id: w.gradeA1 }],
      });
    });

    it('clears the schools of a user who becomes an administrator', async () => {
      const target = await member(t.app, 'TEACHER', [w.gradeA1, w.gradeB1]);
      const res = await patchJson(w.admin.headers, target.id, { role: w.roleIds.ADMIN });
      expect(res.json<{ user: User }>().user).toMatchObject({
        role: { name: 'ADMIN' },
        collegeId: [],
        gradeId: [],
      });
    });

    it('checks the new role’s rules against the user’s current grades', async () => {
      const target = await member(t.app, 'TEACHER', [w.gradeA1, w.gradeA2]);
      const res = await patchJson(w.admin.headers, target.id, { role: w.roleIds.STUDENT });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ gradeId: 'Un estudiante pertenece a un solo curso' });
    });

    it.each([
      [{ email: '' }, { email: 'El Email es obligatorio' }],
      [{ email: 'no-es-email' }, { email: 'Ingresa un email valido' }],
      [{ name: 'A' }, { name: 'El debe tener al menos 2 caracteres' }],
      [{ name: '' }, { name: 'El nombre es obligatorio' }],
      [{ role: '' }, { role: 'El campo Rol es obligatorio' }],
      [
        { collegeId: '[]', gradeId: '[]' },
        { collegeId: 'El establecimiento es obligatorio', gradeId: 'El curso es obligatorio' },
      ],
      [{ gradeId: 'no es json' }, { 'gradeId.0': 'Identificador inválido' }],
    ])('refuses the form %j with %j', async (fields, errors) => {
      const res = await patchForm(w.admin.headers, w.studentA2.id, fields);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ type: 'VALIDATION_ERROR', errors });
    });

    it('refuses an e-mail another account has, whatever its case', async () => {
      const res = await patchJson(w.admin.headers, w.studentA2.id, { email: w.teacherB.email.toUpperCase() });
      expect(res.statusCode).toBe(409);
      expect(res.json().errors).toEqual({ email: 'El email ya está registrado' });
      const same = await patchJson(w.admin.headers, w.studentA2.id, {
        email: w.studentA2.email.toUpperCase(),
      });
      expect(same.statusCode).toBe(200);
    });

    it('lets a teacher edit their own student and move them within their own grades', async () => {
      const extraGrade = w.gradeA2;
      const teacher = await member(t.app, 'TEACHER', [w.gradeA1, extraGrade]);
      const student = await member(t.app, 'STUDENT', [w.gradeA1]);
      const res = await patchForm(teacher.headers, student.id, {
        name: 'Renombrado Por Profe',
        role: w.roleIds.STUDENT,
        collegeId: JSON.stringify([w.collegeA]),
        gradeId: JSON.stringify([extraGrade]),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ user: User }>().user).toMatchObject({
        name: 'Renombrado Por Profe',
        gradeId: [{ _id: extraGrade }],
      });
    });

    it('refuses a teacher moving a student out of their grades or changing the role', async () => {
      const student = await member(t.app, 'STUDENT', [w.gradeA1]);
      const moved = await patchJson(w.teacherA.headers, student.id, {
        collegeId: [w.collegeB],
        gradeId: [w.gradeB1],
      });
      expect(moved.statusCode).toBe(403);
      const role = await patchJson(w.teacherA.headers, student.id, { role: w.roleIds.TEACHER });
      expect(role.statusCode).toBe(403);
      expect(role.json().message).toBe('Solo un administrador puede cambiar el rol de un usuario');
    });

    it('hides from a teacher the users who are not their students, and refuses themselves', async () => {
      for (const other of [w.studentB1, w.studentA2, w.teacherB, w.admin]) {
        expect((await patchJson(w.teacherA.headers, other.id, { name: 'Intruso' })).statusCode).toBe(404);
      }
      expect((await patchJson(w.teacherA.headers, w.teacherA.id, { name: 'Yo Mismo' })).statusCode).toBe(403);
      const [row] = await t.app.db.select().from(users).where(eq(users.id, w.studentB1.id));
      expect(row!.name).toBe('Bruno Estudiante');
    });

    it('refuses students (403) and anonymous callers (401)', async () => {
      expect((await patchJson(w.studentA1.headers, w.studentA1.id, { name: 'Yo Mismo' })).statusCode).toBe(
        403,
      );
      expect((await patchJson({}, w.studentA1.id, { name: 'Nadie' })).statusCode).toBe(401);
    });
  });

  describe('avatar', () => {
    it('re-encodes the avatar to a PNG of at most 200x200 and replaces the previous one', async () => {
      const target = await member(t.app, 'STUDENT', [w.gradeA1]);
      const first = await patchForm(w.admin.headers, target.id, {}, { content: png });
      expect(first.statusCode).toBe(200);
      const firstUrl = first.json<{ user: User }>().user.profilePicture!.url;
      expect(firstUrl).toMatch(/^\/api\/v1\/media\/[0-9a-f-]{36}$/);
      const served = await t.app.inject({ method: 'GET', url: firstUrl });
      const meta = await sharp(served.rawPayload).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
        format: 'png',
        width: 200,
        height: 100,
      });

      const second = await patchForm(w.admin.headers, target.id, { name: 'Con Avatar' }, { content: png });
      const secondUrl = second.json<{ user: User }>().user.profilePicture!.url;
      expect(secondUrl).not.toBe(firstUrl);
      expect((await t.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404);
      const owned = await t.app.db.select({ n: count() }).from(media).where(eq(media.ownerId, target.id));
      expect(Number(owned[0]!.n)).toBe(1);
    });

    it('refuses a text file named .png, by its content', async () => {
      const res = await patchForm(
        w.admin.headers,
        w.studentA2.id,
        {},
        { content: Buffer.from('esto no es una imagen'), filename: 'foto.png', contentType: 'image/png' },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        type: 'VALIDATION_ERROR',
        message: 'El archivo debe ser tipo imagen',
        errors: { file: 'El archivo debe ser tipo imagen' },
      });
    });

    it('refuses a file of 1,048,577 bytes with 413 and stores nothing', async () => {
      const before = await t.app.db.select({ n: count() }).from(media);
      const big = Buffer.concat([png, Buffer.alloc(1_048_577 - png.length)]);
      const res = await patchForm(
        w.admin.headers,
        w.studentA2.id,
        { name: 'No Debe Cambiar' },
        { content: big },
      );
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({
        type: 'PAYLOAD_TOO_LARGE',
        message: 'El peso del archivo excede el maximo permitido',
      });
      const after = await t.app.db.select({ n: count() }).from(media);
      expect(after[0]!.n).toBe(before[0]!.n);
      const [row] = await t.app.db.select().from(users).where(eq(users.id, w.studentA2.id));
      expect(row!.name).not.toBe('No Debe Cambiar');
    });
  });
});
