import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegionsResponse } from '@fics/contracts';
import { seedRegions } from '../../db/seed/regions';
import { buildTestApp, type TestApp } from '../../test/helpers';

describe('GET /regions', () => {
  let t: TestApp;
  let body: RegionsResponse;
  beforeAll(async () => {
    t = await buildTestApp();
    await seedRegions(t.app.db);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/regions' });
    expect(res.statusCode).toBe(200);
    body = res.json();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is public and lists the 16 regions with their 346 communes', () => {
    expect(body.regions).toHaveLength(16);
    expect(body.regions.reduce((n, r) => n + r.communes.length, 0)).toBe(346);
    const santiago = body.regions.find((r) => r._id === '13')!;
    expect(santiago.name).toBe('Metropolitana de Santiago');
    expect(santiago.communes).toHaveLength(52);
    expect(santiago.communes).toContainEqual({ _id: '13101', name: 'Santiago' });
  });

  it('orders regions north to south', () => {
    expect(body.regions.map((r) => r._id)).toEqual([
      '15',
      '01',
      '02',
      '03',
      '04',
      '05',
      '13',
      '06',
      '07',
      '16',
      '08',
      '09',
      '14',
      '10',
      '11',
      '12',
    ]);
    expect(body.regions[0]!.name).toBe('Arica y Parinacota');
    expect(body.regions[15]!.name).toBe('Magallanes y de la Antártica Chilena');
  });

  it('orders each region’s communes alphabetically in Spanish', () => {
    for (const region of body.regions) {
      const names = region.communes.map((c) => c.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')));
    }
    // Accented initials sort with their letter, not after 'Z'.
    const biobio = body.regions.find((r) => r._id === '08')!.communes.map((c) => c.name);
    expect(biobio.indexOf('Tomé')).toBeLessThan(biobio.indexOf('Tucapel'));
  });

  it('needs no session: even a bad token gets the list', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/regions',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<RegionsResponse>().regions).toHaveLength(16);
  });
});
