import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import type { User } from '@fics/contracts';
import { media } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { member, multipartBody, schoolWorld } from './users.fixtures';

describe('own profile: PATCH /users/:id/profile and DELETE /users/:id/profile/photo', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof schoolWorld>>;
  beforeAll(async () => {
    t = await buildTestApp();
    w = await schoolWorld(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const patch = (headers: Record<string, string>, id: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/v1/users/${id}/profile`, headers, payload });
  const upload = (headers: Record<string, string>, id: string, content: Buffer) => {
    const body = multipartBody({}, { content, filename: 'foto.jpg', contentType: 'image/jpeg' });
    return t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${id}/profile`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };

  it('saves the name and bio, trimmed', async () => {
    const me = await member(t.app, 'TEACHER', [w.gradeA1]);
    const res = await patch(me.headers, me.id, { name: '  Nombre Nuevo ', bio: ' Me gusta leer. ' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ user: User }>().user).toMatchObject({ name: 'Nombre Nuevo', bio: 'Me gusta leer.' });
    const cleared = await patch(me.headers, me.id, { bio: '' });
    expect(cleared.json<{ user: User }>().user).toMatchObject({ name: 'Nombre Nuevo', bio: '' });
  });

  it.each([
    [{ name: '' }, { name: 'El nombre es obligatorio' }],
    [{ name: 'A' }, { name: 'El nombre debe tener al menos 2 caracteres' }],
    [{ name: 'x'.repeat(41) }, { name: 'El nombre no debe tener más de 40 caracteres' }],
    [{ bio: 'x'.repeat(101) }, { bio: 'La biografía no debe tener más de 100 caracteres' }],
    [{ phoneNumber: '12' }, { phoneNumber: 'Ingresa un número de teléfono válido' }],
    [{ phoneNumber: 'llámame' }, { phoneNumber: 'Ingresa un número de teléfono válido' }],
  ])('refuses %j with %j', async (payload, errors) => {
    const res = await patch(w.studentA1.headers, w.studentA1.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ type: 'VALIDATION_ERROR', errors });
  });

  it('stores a student’s phone in E.164, Chile by default, and clears it', async () => {
    const local = await patch(w.studentA1.headers, w.studentA1.id, { phoneNumber: '9 8765 4321' });
    expect(local.statusCode).toBe(200);
    expect(local.json<{ user: User }>().user.phoneNumber).toBe('+56987654321');
    const foreign = await patch(w.studentA1.headers, w.studentA1.id, { phoneNumber: '+54 9 11 2345-6789' });
    expect(foreign.json<{ user: User }>().user.phoneNumber).toBe('+5491123456789');
    const empty = await patch(w.studentA1.headers, w.studentA1.id, { phoneNumber: '' });
    expect(empty.json<{ user: User }>().user.phoneNumber).toBeNull();
    await patch(w.studentA1.headers, w.studentA1.id, { phoneNumber: '+56987654321' });
    const nulled = await patch(w.studentA1.headers, w.studentA1.id, { phoneNumber: null });
    expect(nulled.json<{ user: User }>().user.phoneNumber).toBeNull();
  });

  it('refuses a phone number for teachers and administrators (a student feature)', async () => {
    for (const who of [w.teacherA, w.admin]) {
      const res = await patch(who.headers, who.id, { phoneNumber: '+56987654321' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        type: 'FORBIDDEN',
        message: 'Solo los estudiantes pueden registrar un número de teléfono',
      });
    }
  });

  it('refuses editing someone else’s profile, even for an administrator', async () => {
    for (const [who, target] of [
      [w.admin, w.studentA1],
      [w.teacherA, w.studentA1],
      [w.studentA1, w.studentA2],
    ] as const) {
      const res = await patch(who.headers, target.id, { name: 'Intruso' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Solo puedes editar tu propio perfil');
      const photo = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/users/${target.id}/profile/photo`,
        headers: who.headers,
      });
      expect(photo.statusCode).toBe(403);
    }
    expect((await patch({}, w.studentA1.id, { name: 'Nadie' })).statusCode).toBe(401);
    const anonymousPhoto = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${w.studentA1.id}/profile/photo`,
    });
    expect(anonymousPhoto.statusCode).toBe(401);
  });

  it('replaces the photo with a re-encoded PNG without the EXIF GPS block, then removes it', async () => {
    const me = await member(t.app, 'STUDENT', [w.gradeA1]);
    // A portrait taken sideways: stored 640x480 with EXIF orientation 6 and a GPS position.
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#FF4B5C' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Fics' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 26/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const input = await sharp(jpeg).metadata();
    expect(input.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS IFD pointer tag

    const res = await upload(me.headers, me.id, jpeg);
    expect(res.statusCode).toBe(200);
    const { url } = res.json<{ user: User }>().user.profilePicture!;
    const served = await t.app.inject({ method: 'GET', url });
    const output = await sharp(served.rawPayload).metadata();
    expect({ format: output.format, width: output.width, height: output.height }).toEqual({
      format: 'png',
      width: 150,
      height: 200,
    });
    expect(output.exif).toBeUndefined();
    expect(output.xmp).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Exif'))).toBe(false);
    expect(served.rawPayload.includes(Buffer.from('Fics'))).toBe(false);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${me.id}/profile/photo`,
      headers: me.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<{ user: User }>().user.profilePicture).toBeNull();
    expect(await t.app.db.select().from(media).where(eq(media.ownerId, me.id))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('answers a corrupt image with 400, not 500', async () => {
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const res = await upload(w.teacherA.headers, w.teacherA.id, png.subarray(0, Math.floor(png.length / 2)));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ file: 'El archivo debe ser tipo imagen' });
  });

  it('refuses an SVG', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const res = await upload(w.teacherA.headers, w.teacherA.id, svg);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ file: 'El archivo debe ser tipo imagen' });
  });

  it('refuses an image over 40 megapixels even when the file is small', async () => {
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(huge.length).toBeLessThan(1_048_576);
    const res = await upload(w.teacherA.headers, w.teacherA.id, huge);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.file).toMatch(/demasiados píxeles/);
  });
});
