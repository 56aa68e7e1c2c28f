import { asc } from 'drizzle-orm';
import { collegeMessages, type Region } from '@fics/contracts';
import type { DbOrTx } from '../../db/client';
import { communes, regions } from '../../db/schema';
import { validationError } from '../../lib/errors';

const spanish = new Intl.Collator('es', { sensitivity: 'base' });

/** Chile's regions north to south (the seed file's order), each with its communes alphabetically. */
export async function listRegions({ db }: { db: DbOrTx }): Promise<Region[]> {
  const regionRows = await db.select().from(regions).orderBy(asc(regions.position));
  const communeRows = await db.select().from(communes);
  const byRegion = new Map<string, Region>(
    regionRows.map((r) => [r.id, { _id: r.id, name: r.name, communes: [] }]),
  );
  for (const c of communeRows) {
    byRegion.get(c.regionId)?.communes.push({ _id: c.id, name: c.name });
  }
  const result = [...byRegion.values()];
  for (const region of result) {
    region.communes.sort((a, b) => spanish.compare(a.name, b.name));
  }
  return result;
}

/** Case-insensitive comparison key for official names ('biobío' finds 'Biobío'). */
const key = (name: string) => name.trim().toLocaleLowerCase('es');

/**
 * Checks a school's region and commune (zone) against the official list and returns their
 * official spelling. Both may be unset; a commune needs its region. Throws a VALIDATION_ERROR
 * naming the field otherwise.
 */
export async function resolvePlace({
  db,
  region,
  zone,
}: {
  db: DbOrTx;
  region: string | null;
  zone: string | null;
}): Promise<{ region: string | null; zone: string | null }> {
  if (region === null) {
    if (zone !== null) {
      throw validationError({ zone: collegeMessages.zoneWithoutRegion });
    }
    return { region: null, zone: null };
  }
  const regionRow = (await db.select().from(regions)).find((r) => key(r.name) === key(region));
  if (!regionRow) {
    throw validationError({ region: collegeMessages.regionNotFound });
  }
  if (zone === null) {
    return { region: regionRow.name, zone: null };
  }
  const matches = (await db.select().from(communes)).filter((c) => key(c.name) === key(zone));
  const inRegion = matches.find((c) => c.regionId === regionRow.id);
  if (!inRegion) {
    throw validationError({
      zone: matches.length > 0 ? collegeMessages.zoneNotInRegion : collegeMessages.zoneNotFound,
    });
  }
  return { region: regionRow.name, zone: inRegion.name };
}
