import fs from 'node:fs';
import path from 'node:path';
import { randomInt } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { roleDisplayNames, type RoleName } from '@fics/contracts';
import type { Db, DbOrTx } from '../client';
import { colleges, grades, roles, userGrades, users } from '../schema';
import { hashPassword, verifyPassword } from '../../lib/passwords';

/** The demo school and its grades; region and commune by their codes in chile-regions.json. */
export const DEMO_COLLEGE = {
  name: 'Colegio Demo Los Aromos',
  /** Metropolitana de Santiago, commune Santiago. */
  regionId: '13',
  communeId: '13101',
} as const;

export const DEMO_GRADES = [
  { key: 'quintoA', cicle: 'Básico', level: 'Quinto', name: 'A' },
  { key: 'primeroB', cicle: 'Medio', level: 'Primero', name: 'B' },
] as const;
type DemoGradeKey = (typeof DEMO_GRADES)[number]['key'];

export const DEMO_USERS: readonly { role: RoleName; name: string; email: string; grades: DemoGradeKey[] }[] =
  [
    { role: 'ADMIN', name: 'Ana Administradora', email: 'administrador@demo.fics.cl', grades: [] },
    {
      role: 'TEACHER',
      name: 'Diego Docente',
      email: 'docente@demo.fics.cl',
      grades: ['quintoA', 'primeroB'],
    },
    { role: 'STUDENT', name: 'Sofía Estudiante', email: 'estudiante@demo.fics.cl', grades: ['quintoA'] },
  ];

/** One line of `<DATA_DIR>/demo-accounts.json`. */
export interface DemoAccount {
  role: RoleName;
  name: string;
  email: string;
  password: string;
}

export interface DemoAccountsFile {
  note: string;
  accounts: DemoAccount[];
}

export const DEMO_ACCOUNTS_FILE = 'demo-accounts.json';
export const demoAccountsPath = (dataDir: string) => path.join(dataDir, DEMO_ACCOUNTS_FILE);

/** Readable random passwords such as 'k7mp-x3qa-hz9w': 14 characters, no look-alike letters or digits. */
export function generateDemoPassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  const group = () => Array.from({ length: 4 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return `${group()}-${group()}-${group()}`;
}

/**
 * Creates what is missing of the demo school, its grades and the three demo accounts, in one
 * transaction; existing rows are left as they are (accounts are never overwritten). Resolves to the
 * accounts created now, with their new passwords.
 */
export async function seedDemoData(options: { db: Db }): Promise<DemoAccount[]> {
  const prepared = await Promise.all(
    DEMO_USERS.map(async (user) => {
      const password = generateDemoPassword();
      return { ...user, password, passwordHash: await hashPassword(password) };
    }),
  );
  return options.db.transaction(async (tx) => {
    const collegeId = await ensureCollege(tx);
    const gradeIds = new Map<DemoGradeKey, string>();
    for (const grade of DEMO_GRADES) {
      gradeIds.set(grade.key, await ensureGrade(tx, collegeId, grade));
    }
    const roleRows = await tx.select().from(roles);
    const roleId = (name: RoleName) => roleRows.find((r) => r.name === name)!.id;
    const existing = await tx
      .select({ email: users.email })
      .from(users)
      .where(
        inArray(
          sql`lower(${users.email})`,
          prepared.map((u) => u.email),
        ),
      );
    const created: DemoAccount[] = [];
    for (const user of prepared) {
      if (existing.some((e) => e.email.toLowerCase() === user.email)) {
        continue;
      }
      const [row] = await tx
        .insert(users)
        .values({
          name: user.name,
          email: user.email,
          roleId: roleId(user.role),
          passwordHash: user.passwordHash,
        })
        .returning({ id: users.id });
      if (user.grades.length > 0) {
        await tx
          .insert(userGrades)
          .values(user.grades.map((key) => ({ userId: row!.id, gradeId: gradeIds.get(key)! })));
      }
      created.push({ role: user.role, name: user.name, email: user.email, password: user.password });
    }
    return created;
  });
}

async function ensureCollege(db: DbOrTx): Promise<string> {
  const [found] = await db
    .select({ id: colleges.id })
    .from(colleges)
    // The same name as the unique index sees it, so a school renamed in case or accents is reused.
    .where(sql`fics_fold(${colleges.name}) = fics_fold(${DEMO_COLLEGE.name})`)
    .limit(1);
  if (found) {
    return found.id;
  }
  const [row] = await db.insert(colleges).values(DEMO_COLLEGE).returning({ id: colleges.id });
  return row!.id;
}

async function ensureGrade(
  db: DbOrTx,
  collegeId: string,
  grade: { cicle: string; level: string; name: string },
): Promise<string> {
  const [found] = await db
    .select({ id: grades.id })
    .from(grades)
    .where(
      and(
        eq(grades.collegeId, collegeId),
        eq(grades.cicle, grade.cicle),
        eq(grades.level, grade.level),
        sql`fics_fold(${grades.name}) = fics_fold(${grade.name})`,
      ),
    )
    .limit(1);
  if (found) {
    return found.id;
  }
  const [row] = await db
    .insert(grades)
    .values({ collegeId, cicle: grade.cicle, level: grade.level, name: grade.name })
    .returning({ id: grades.id });
  return row!.id;
}

/** The accounts listed in the file, or an empty list when there is no readable file. */
export function readDemoAccounts(dataDir: string): DemoAccount[] {
  const file = demoAccountsPath(dataDir);
  if (!fs.existsSync(file)) {
    return [];
  }
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<DemoAccountsFile>;
    return Array.isArray(parsed.accounts)
      ? parsed.accounts.filter(
          (a): a is DemoAccount => typeof a?.email === 'string' && typeof a.password === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

/**
 * Records newly created demo accounts in `<DATA_DIR>/demo-accounts.json` (mode 0600), keeping the
 * entries of earlier runs for the other demo accounts.
 */
export function writeDemoAccounts(dataDir: string, created: DemoAccount[]): void {
  const previous = readDemoAccounts(dataDir).filter((a) => !created.some((c) => c.email === a.email));
  const order = (a: DemoAccount) => DEMO_USERS.findIndex((u) => u.email === a.email);
  const accounts = [...previous, ...created].sort((a, b) => order(a) - order(b));
  const content: DemoAccountsFile = {
    note: 'Cuentas de demostración creadas por SEED_DEMO. Borra este archivo para dejar de mostrarlas al iniciar.',
    accounts,
  };
  fs.mkdirSync(dataDir, { recursive: true });
  const file = demoAccountsPath(dataDir);
  fs.writeFileSync(file, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
}

/**
 * The console block shown at start while the file exists: only accounts present in this database,
 * marked when their password no longer is the recorded one. Empty when there is nothing to show.
 */
export async function describeDemoAccounts(options: { db: DbOrTx; dataDir: string }): Promise<string> {
  const listed = readDemoAccounts(options.dataDir);
  if (listed.length === 0) {
    return '';
  }
  const rows = await options.db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.email})`,
        listed.map((a) => a.email.toLowerCase()),
      ),
    );
  const lines: string[] = [];
  for (const account of listed) {
    const row = rows.find((r) => r.email.toLowerCase() === account.email.toLowerCase());
    if (!row) {
      continue;
    }
    const current = row.passwordHash !== null && (await verifyPassword(row.passwordHash, account.password));
    const role = (roleDisplayNames[account.role] ?? account.role).padEnd(15);
    const password = current ? account.password : '(la contraseña fue cambiada)';
    lines.push(`  ${role}${account.email.padEnd(30)}contraseña: ${password}`);
  }
  if (lines.length === 0) {
    return '';
  }
  const rule = '─'.repeat(72);
  return [
    rule,
    'Cuentas de demostración:',
    ...lines,
    `Guardadas en ${demoAccountsPath(options.dataDir)} (bórralo para dejar de verlas aquí).`,
    rule,
  ].join('\n');
}
