import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import type { RegionsResponse } from '@fics/contracts';
import { communes, regions } from '../../db/schema';
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

  it('seeds again on every start without writing when all is stored, and puts back what differs', async () => {
    // xmin: the transaction that last wrote the row; an upsert (even to the same values) changes it.
    const written = async () =>
      (
        await t.app.db
          .select({ xmin: sql<string>`xmin::text` })
          .from(communes)
          .where(inArray(communes.id, ['13101', '08111']))
          .orderBy(communes.id)
      ).map((row) => row.xmin);
    const before = await written();
    await seedRegions(t.app.db);
    expect(await written()).toEqual(before);

    await t.app.db.update(communes).set({ name: 'Otro nombre' }).where(eq(communes.id, '13101'));
    await t.app.db.update(regions).set({ position: 99 }).where(eq(regions.id, '08'));
    await seedRegions(t.app.db);
    const [commune] = await t.app.db.select().from(communes).where(eq(communes.id, '13101'));
    expect(commune!.name).toBe('Santiago');
    const [region] = await t.app.db.select().from(regions).where(eq(regions.id, '08'));
    expect(region!.position).toBe(10);
  });
});
