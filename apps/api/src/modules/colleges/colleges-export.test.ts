import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { seedRegions } from '../../db/seed/regions';
import { authHeader, buildTestApp, createUser, type TestApp } from '../../test/helpers';
import { makeCollege } from './colleges.fixtures';

describe('GET /colleges/export', () => {
  let t: TestApp;
  let admin: { authorization: string };

  beforeAll(async () => {
    t = await buildTestApp();
    await seedRegions(t.app.db);
    admin = await authHeader(t.app, await createUser(t.app, { role: 'ADMIN' }));
    await makeCollege(t.app, admin, { name: 'Liceo Austral', region: 'Los Lagos', zone: 'Puerto Montt' });
    await makeCollege(t.app, admin, { name: 'Escuela Básica Ñielol', region: 'La Araucanía' });
    await makeCollege(t.app, admin, { name: 'Colegio Sin Lugar' });
    await makeCollege(t.app, admin, { name: '=HYPERLINK("http://evil.example","clic")' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends Establecimientos.xlsx with one sheet, the NOMBRE/REGION/COMUNA header and a row per school', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/colleges/export', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toContain('filename="Establecimientos.xlsx"');
    const book = XLSX.read(res.rawPayload, { type: 'buffer', cellFormula: true });
    expect(book.SheetNames).toEqual(['Establecimientos']);
    const sheet = book.Sheets.Establecimientos!;
    const rows = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, defval: '' });
    expect(rows).toEqual([
      ['NOMBRE', 'REGION', 'COMUNA'],
      // Sorted by name; the formula-like name comes first ('=' sorts before letters).
      ['\'=HYPERLINK("http://evil.example","clic")', '', ''],
      ['Colegio Sin Lugar', '', ''],
      ['Escuela Básica Ñielol', 'La Araucanía', ''],
      ['Liceo Austral', 'Los Lagos', 'Puerto Montt'],
    ]);
    // No cell of the file is a formula.
    const cells = Object.entries(sheet).filter(([ref]) => !ref.startsWith('!'));
    expect(cells.length).toBeGreaterThan(0);
    for (const [, cell] of cells) {
      expect((cell as XLSX.CellObject).f).toBeUndefined();
    }
  });

  it('is for administrators only: teachers and students 403, anonymous 401', async () => {
    for (const role of ['TEACHER', 'STUDENT'] as const) {
      const headers = await authHeader(t.app, await createUser(t.app, { role }));
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/colleges/export', headers });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ type: 'FORBIDDEN' });
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/colleges/export' });
    expect(anonymous.statusCode).toBe(401);
  });
});
