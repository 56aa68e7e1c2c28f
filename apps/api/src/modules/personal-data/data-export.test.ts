import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import { sql } from 'drizzle-orm';
import { dataExportMessages } from '@fics/contracts';
import { rowsOf } from '../../lib/personal-data';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { member } from '../users/users.fixtures';
import { personWorld } from './personal-data.fixtures';

type Headers = Record<string, string>;
type Datos = Record<string, Record<string, unknown>[]> & { generado: string };

/** 'Mis datos' (issue 22.2): GET /me/data-export and GET /users/:id/data-export on the real app. */
describe('data export', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof personWorld>>;

  const get = (url: string, headers: Headers = {}) =>
    t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
  const unzip = (payload: Buffer) => unzipSync(new Uint8Array(payload));
  /** Forgets the person's own exports, so the hourly limit does not carry between tests. */
  const forgetExports = (userId: string) =>
    t.app.db.execute(sql`delete from data_exports where user_id = ${userId}`);

  beforeAll(async () => {
    t = await buildTestApp();
    w = await personWorld(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives a student a ZIP with LEEME.txt, datos.json and their fics as HTML with covers', async () => {
    const res = await get('/me/data-export', w.author.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="mis-datos-fics-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const files = unzip(res.rawPayload);
    const names = Object.keys(files);
    expect(names.slice(0, 2)).toEqual(['LEEME.txt', 'datos.json']);

    // Wrapped at 78 columns with CRLF: read as one line of words.
    const leeme = strFromU8(files['LEEME.txt']!).replace(/\s+/g, ' ');
    expect(leeme).toContain('Sofía Escobar Ruiz');
    expect(leeme).toContain('Ley 21.719');
    expect(leeme).toContain('Agencia de Protección de Datos Personales');
    expect(leeme).toContain('datos.json');
    expect(leeme).toContain('sesiones');

    const datos = JSON.parse(strFromU8(files['datos.json']!)) as Datos;
    expect(datos.perfil).toEqual([
      expect.objectContaining({ nombre: 'Sofía Escobar Ruiz', email: w.author.email, rol: 'Estudiante' }),
    ]);
    // When the account was last used (retention, issue 22.6): never logged in, so its creation.
    expect(datos.perfil![0]).toMatchObject({
      ultimo_uso: datos.perfil![0]!.creada,
      aviso_de_borrado_por_inactividad: null,
    });
    expect(datos.establecimientos_y_cursos).toEqual([
      expect.objectContaining({ establecimiento: 'Escuela Arrayán', curso: 'Primero Básico A' }),
    ]);
    expect(datos.fics!.map((f) => f.titulo)).toEqual(['El pingüino volador', 'Borrador secreto']);
    expect(datos.fics![0]).toMatchObject({
      estado: 'Público',
      archivo: expect.stringMatching(/^fics\/001-el-pinguino-volador\.html$/),
    });
    expect(datos.sesiones).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ direccion_ip: '203.0.113.7', navegador: 'Navegador de prueba/1.0' }),
      ]),
    );
    expect(datos.sesiones!.every((s) => typeof s.inicio === 'string')).toBe(true);
    expect(datos.me_gusta).toEqual([expect.objectContaining({ fic: 'La historia de Pedro' })]);
    expect(datos.comentarios).toEqual([
      expect.objectContaining({
        fic: 'La historia de Pedro',
        texto_html: '<p>Comentario de Sofía en el fic de Pedro</p>',
      }),
    ]);
    expect(datos.respuestas).toEqual([
      expect.objectContaining({ fic: 'La historia de Pedro', comentario_id: w.comment._id }),
    ]);
    expect(datos.evaluaciones_recibidas).toEqual([
      expect.objectContaining({ fic: 'El pingüino volador', docente: 'Tomás Docente' }),
    ]);
    expect(datos.actividad!.length).toBeGreaterThan(0);
    expect(datos.bloqueos).toEqual([expect.objectContaining({ bloqueado: 'Pedro Pérez' })]);
    expect(datos.descargas_de_datos).toEqual([expect.objectContaining({ pedida_por: 'Tú' })]);

    const html = strFromU8(files['fics/001-el-pinguino-volador.html']!);
    expect(html).toContain('<title>El pingüino volador</title>');
    expect(html).toContain('Texto de Sofía');
    expect(html).not.toContain('<script');
    expect(html).toContain('src="001-el-pinguino-volador-portada.png"');
    expect(names).toContain('fics/002-borrador-secreto.html');
    const cover = files['fics/001-el-pinguino-volador-portada.png']!;
    expect(Buffer.from(cover.subarray(1, 4)).toString('latin1')).toBe('PNG');
  });

  it('holds nothing of another student', async () => {
    await forgetExports(w.author.id);
    const res = await get('/me/data-export', w.author.headers);
    const text = Object.values(unzip(res.rawPayload))
      .map((bytes) => strFromU8(bytes, true))
      .join('\n');
    // The classmate's e-mail, their comment on the author's fic, their own fic's text: never.
    expect(text).not.toContain(w.classmate.email);
    expect(text).not.toContain('Comentario único de Pedro');
    expect(text).not.toContain('Texto privado de Pedro');
    // (Their fic's title is there: the author liked and commented on it.)
    expect(text).toContain('La historia de Pedro');
  });

  it('lets an administrator download anyone’s data, and no one else', async () => {
    const other = await member(t.app, 'ADMIN', [], { name: 'Otra Administradora' });
    const res = await get(`/users/${w.author.id}/data-export`, w.admin.headers);
    expect(res.statusCode).toBe(200);
    const datos = JSON.parse(strFromU8(unzip(res.rawPayload)['datos.json']!)) as Datos;
    expect(datos.perfil![0]!.nombre).toBe('Sofía Escobar Ruiz');

    for (const headers of [w.teacher.headers, w.classmate.headers, w.author.headers]) {
      const refused = await get(`/users/${w.author.id}/data-export`, headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.headers['content-type']).toMatch(/application\/json/);
    }
    expect((await get(`/users/${w.author.id}/data-export`)).statusCode).toBe(401);
    expect((await get('/me/data-export')).statusCode).toBe(401);
    const unknown = await get('/users/00000000-0000-4000-8000-000000000000/data-export', other.headers);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: dataExportMessages.userNotFound });
    expect((await get('/users/no-es-un-id/data-export', other.headers)).statusCode).toBe(400);
  });

  it('gives a person their own data once an hour; an administrator’s download is recorded, not limited', async () => {
    await forgetExports(w.classmate.id);
    expect((await get('/me/data-export', w.classmate.headers)).statusCode).toBe(200);
    const again = await get('/me/data-export', w.classmate.headers);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ message: dataExportMessages.rateLimited(60) });
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(3500);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(3600);
    // The administrator, twice, right after the person: both produced and recorded.
    expect((await get(`/users/${w.classmate.id}/data-export`, w.admin.headers)).statusCode).toBe(200);
    expect((await get(`/users/${w.classmate.id}/data-export`, w.admin.headers)).statusCode).toBe(200);
    const records = await rowsOf<{ by: string }>(
      t.app.db,
      sql`select requested_by as by from data_exports where user_id = ${w.classmate.id} order by created_at`,
    );
    expect(records.map((r) => r.by)).toEqual([w.classmate.id, w.admin.id, w.admin.id]);
    // An hour later the person may again.
    await t.app.db.execute(
      sql`update data_exports set created_at = created_at - interval '61 minutes' where user_id = ${w.classmate.id}`,
    );
    expect((await get('/me/data-export', w.classmate.headers)).statusCode).toBe(200);
  });

  it('announces user.data_exported with who asked', async () => {
    const events = await rowsOf<{ actor_id: string; payload: { userId: string; requestedBy: string } }>(
      t.app.db,
      sql`select actor_id, payload from domain_events where type = 'user.data_exported' and payload->>'userId' = ${w.classmate.id} order by id`,
    );
    expect(events.map((e) => e.payload.requestedBy)).toEqual([
      w.classmate.id,
      w.admin.id,
      w.admin.id,
      w.classmate.id,
    ]);
    expect(events[1]!.actor_id).toBe(w.admin.id);
  });

  it('produces one export of parallel requests and refuses the rest with 429', async () => {
    const student = await member(t.app, 'STUDENT', [w.gradeA1], { name: 'Rápida Paralela' });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => get('/me/data-export', student.headers)),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 429, 429, 429, 429, 429]);
    const [count] = await rowsOf<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from data_exports where user_id = ${student.id}`,
    );
    expect(Number(count!.n)).toBe(1);
  });
});
