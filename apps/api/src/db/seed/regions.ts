import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { communes, regions } from '../schema';
import data from './chile-regions.json' with { type: 'json' };

interface RegionsFile {
  regions: { code: string; name: string; communes: { code: string; name: string }[] }[];
}

/** Loads Chile's 16 regions and 346 communes (official codes); safe to run on every start. */
export async function seedRegions(db: DbOrTx): Promise<void> {
  const file = data as RegionsFile;
  await db
    .insert(regions)
    .values(file.regions.map((r, position) => ({ id: r.code, name: r.name, position })))
    .onConflictDoUpdate({
      target: regions.id,
      set: { name: sql`excluded.name`, position: sql`excluded.position` },
    });
  await db
    .insert(communes)
    .values(
      file.regions.flatMap((r) => r.communes.map((c) => ({ id: c.code, regionId: r.code, name: c.name }))),
    )
    .onConflictDoUpdate({
      target: communes.id,
      set: { name: sql`excluded.name`, regionId: sql`excluded.region_id` },
    });
}
