import { asc, sql, type AnyColumn } from 'drizzle-orm';
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

/** Case-insensitive comparison key for official names ('biobío' finds 'Biobío', 'biobio' does not). */
const key = (name: string) => name.trim().toLocaleLowerCase('es');

/** The database narrows a name search with fics_fold (migration 0002), whatever its locale. */
const folded = (column: AnyColumn, value: string) => sql`fics_fold(${column}) = fics_fold(${value.trim()})`;

/** A school's place: official codes to store and official names to answer; both unset or both set. */
export interface Place {
  regionId: string | null;
  communeId: string | null;
  region: string | null;
  zone: string | null;
}

/**
 * Checks a school's region and commune (zone), given by name, against the official list and
 * returns their codes and official spelling. Both may be unset; a commune needs its region.
 * Throws a VALIDATION_ERROR naming the field otherwise.
 *
 * Names match ignoring case only, as they always have. The query compares fics_fold (case and
 * accents ignored), which does not depend on the server's LC_CTYPE as lower() on 'Ñ' would; the
 * few candidates it finds are then compared ignoring case only, so 'Biobio' is still no region.
 */
export async function resolvePlace({
  db,
  region,
  zone,
}: {
  db: DbOrTx;
  region: string | null;
  zone: string | null;
}): Promise<Place> {
  if (region === null) {
    if (zone !== null) {
      throw validationError({ zone: collegeMessages.zoneWithoutRegion });
    }
    return { regionId: null, communeId: null, region: null, zone: null };
  }
  const regionRow = (
    await db.select({ id: regions.id, name: regions.name }).from(regions).where(folded(regions.name, region))
  ).find((r) => key(r.name) === key(region));
  if (!regionRow) {
    throw validationError({ region: collegeMessages.regionNotFound });
  }
  if (zone === null) {
    return { regionId: regionRow.id, communeId: null, region: regionRow.name, zone: null };
  }
  // Every commune of that name, in any region: a name found elsewhere gets its own message.
  const matches = (
    await db
      .select({ id: communes.id, name: communes.name, regionId: communes.regionId })
      .from(communes)
      .where(folded(communes.name, zone))
  ).filter((c) => key(c.name) === key(zone));
  const inRegion = matches.find((c) => c.regionId === regionRow.id);
  if (!inRegion) {
    throw validationError({
      zone: matches.length > 0 ? collegeMessages.zoneNotInRegion : collegeMessages.zoneNotFound,
    });
  }
  return { regionId: regionRow.id, communeId: inRegion.id, region: regionRow.name, zone: inRegion.name };
}
