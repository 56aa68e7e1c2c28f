import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { roles, users } from '../schema';
import { hashPassword } from '../../lib/passwords';

/**
 * Creates the administrator named by BOOTSTRAP_ADMIN_EMAIL/PASSWORD unless some user already has that
 * e-mail; an existing account is never changed. Resolves to whether it was created.
 */
export async function ensureBootstrapAdmin(options: {
  db: DbOrTx;
  email: string;
  password: string;
  name?: string;
}): Promise<boolean> {
  const email = options.email.trim().toLowerCase();
  const [existing] = await options.db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  if (existing) {
    return false;
  }
  const [admin] = await options.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'ADMIN'));
  const inserted = await options.db
    .insert(users)
    .values({
      name: options.name ?? 'Administrador',
      email,
      roleId: admin!.id,
      passwordHash: await hashPassword(options.password),
    })
    // Two instances starting together: the unique e-mail index lets only one insert.
    .onConflictDoNothing()
    .returning({ id: users.id });
  return inserted.length > 0;
}
