import { sql } from 'drizzle-orm';
import type { Role } from '@fics/contracts';
import type { DbOrTx } from '../../db/client';
import { roles } from '../../db/schema';

/** The three roles, in the order forms list them: ADMIN, TEACHER, STUDENT. */
export async function listRoles(options: { db: DbOrTx }): Promise<Role[]> {
  const rows = await options.db
    .select()
    .from(roles)
    .orderBy(sql`case ${roles.name} when 'ADMIN' then 1 when 'TEACHER' then 2 else 3 end`);
  return rows.map((r) => ({ _id: r.id, name: r.name, displayName: r.displayName }));
}
