import fs from 'node:fs';
import path from 'node:path';
import { randomInt } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { guardianNotice, roleDisplayNames, type RoleName } from '@fics/contracts';
import type { Db, DbOrTx } from '../client';
import { colleges, grades, guardianConsents, roles, userGrades, users } from '../schema';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { demoContentExists, insertDemoContent, prepareDemoCovers } from './demo-content';
import type { ProcessedCover } from '../../modules/media';
import { DEMO_STUDENTS, type DemoGradeKey } from './demo-stories';

/** The demo schools and their grades; region and commune by their codes in chile-regions.json. */
export const DEMO_COLLEGES = [
  {
    name: 'Colegio Demo Los Aromos',
    /** Metropolitana de Santiago, commune Santiago. */
    regionId: '13',
    communeId: '13101',
    grades: [
      { key: 'quintoA', cicle: 'Básico', level: 'Quinto', name: 'A' },
      { key: 'primeroB', cicle: 'Medio', level: 'Primero', name: 'B' },
    ],
  },
  {
    name: 'Liceo Demo Costa Azul',
    /** Valparaíso, commune Valparaíso. */
    regionId: '05',
    communeId: '05101',
    grades: [
      { key: 'sextoA', cicle: 'Básico', level: 'Sexto', name: 'A' },
      { key: 'segundoC', cicle: 'Medio', level: 'Segundo', name: 'C' },
    ],
  },
] as const satisfies readonly {
  name: string;
  regionId: string;
  communeId: string;
  grades: readonly { key: DemoGradeKey; cicle: string; level: string; name: string }[];
}[];

/** The demo accounts with a password, printed at start; in this order in demo-accounts.json. */
export const DEMO_USERS: readonly { role: RoleName; name: string; email: string; grades: DemoGradeKey[] }[] =
  [
    { role: 'ADMIN', name: 'Ana Administradora', email: 'administrador@demo.fics.cl', grades: [] },
    {
      role: 'TEACHER',
      name: 'Diego Docente',
      email: 'docente@demo.fics.cl',
      grades: ['quintoA', 'primeroB'],
    },
    {
      role: 'TEACHER',
      name: 'Carla Profesora',
      email: 'profesora@demo.fics.cl',
      grades: ['sextoA', 'segundoC'],
    },
    { role: 'STUDENT', name: 'Sofía Estudiante', email: 'estudiante@demo.fics.cl', grades: ['quintoA'] },
  ];

/** Every demo account: those above and the students without a password (demo-stories.ts). */
const DEMO_ACCOUNTS: readonly {
  role: RoleName;
  name: string;
  email: string;
  grades: readonly DemoGradeKey[];
  birthYear?: number;
  withoutConsent?: true;
}[] = [
  ...DEMO_USERS,
  ...DEMO_STUDENTS.map((s) => ({
    role: 'STUDENT' as const,
    name: s.name,
    email: s.email,
    grades: [s.grade],
    birthYear: s.birthYear,
    withoutConsent: s.withoutConsent,
  })),
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
 * Creates what is missing of the demo schools, their grades and the demo accounts, in one
 * transaction; existing rows are left as they are (accounts are never overwritten). The demo
 * content (rubrics, fics in every status, covers, evaluations) comes with them unless it is there
 * already (demo-content.ts, demoContentExists). Resolves to the accounts with a password created
 * now, with their new passwords.
 */
export async function seedDemoData(options: {
  db: Db;
  /** The covers, already being drawn (startup.ts starts them while a new database is created). */
  covers?: Promise<Map<string, ProcessedCover>>;
}): Promise<DemoAccount[]> {
  const prepared = await Promise.all(
    DEMO_USERS.map(async (user) => {
      const password = generateDemoPassword();
      return { ...user, password, passwordHash: await hashPassword(password) };
    }),
  );
  // The covers cost the CPU time: they are encoded only when the content is missing, before the transaction.
  const covers = (await demoContentExists(options.db))
    ? undefined
    : await (options.covers ?? prepareDemoCovers());
  return options.db.transaction(async (tx) => {
    // Two instances starting together on one server seed one after the other.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('fics-demo-seed'))`);
    const grades = new Map<DemoGradeKey, { gradeId: string; collegeId: string }>();
    for (const college of DEMO_COLLEGES) {
      const collegeId = await ensureCollege(tx, college);
      for (const grade of college.grades) {
        grades.set(grade.key, { gradeId: await ensureGrade(tx, collegeId, grade), collegeId });
      }
    }
    const roleRows = await tx.select().from(roles);
    const roleId = (name: RoleName) => roleRows.find((r) => r.name === name)!.id;
    const existing = await tx
      .select({ email: users.email })
      .from(users)
      .where(
        inArray(
          sql`lower(${users.email})`,
          DEMO_ACCOUNTS.map((u) => u.email),
        ),
      );
    const missing = DEMO_ACCOUNTS.filter(
      (account) => !existing.some((e) => e.email.toLowerCase() === account.email),
    );
    const withPassword = (email: string) => prepared.find((p) => p.email === email);
    if (missing.length > 0) {
      const inserted = await tx
        .insert(users)
        .values(
          missing.map((account) => ({
            name: account.name,
            email: account.email,
            roleId: roleId(account.role),
            passwordHash: withPassword(account.email)?.passwordHash ?? null,
            birthYear: account.birthYear ?? null,
          })),
        )
        .returning({ id: users.id, email: users.email });
      const memberships = missing.flatMap((account) => {
        const userId = inserted.find((row) => row.email === account.email)!.id;
        return account.grades.map((key) => ({ userId, gradeId: grades.get(key)!.gradeId }));
      });
      if (memberships.length > 0) {
        await tx.insert(userGrades).values(memberships);
      }
    }
    await ensureDemoConsents(tx);
    if (covers && !(await demoContentExists(tx))) {
      await insertDemoContent(tx, { covers, grades, accounts: DEMO_ACCOUNTS, now: new Date() });
    }
    return missing.flatMap((account) => {
      const user = withPassword(account.email);
      return user ? [{ role: user.role, name: user.name, email: user.email, password: user.password }] : [];
    });
  });
}

/**
 * Issue 22.5: every demo student who needs a guardian's consent has one recorded (a newcomer's home
 * still shows two pages of fics), but the one kept without it, so both cases can be seen. Written
 * before the fics, whose copy of the author's state (stories.author_withheld) is taken on insert;
 * a student who has any consent row already is left as they are.
 */
async function ensureDemoConsents(db: DbOrTx): Promise<void> {
  const consenting = DEMO_ACCOUNTS.filter((account) => account.role === 'STUDENT' && !account.withoutConsent);
  await db.execute(sql`
    insert into ${guardianConsents} (student_id, guardian_email, status, notice_version, requested_at, decided_at, expires_at)
    select u.id, 'apoderado.' || split_part(u.email, '@', 1) || '@demo.fics.cl', 'GRANTED', ${guardianNotice.version},
      now(), now(), now() + interval '30 days'
    from ${users} u
    where lower(u.email) in (${sql.join(
      consenting.map((account) => sql`${account.email}`),
      sql`, `,
    )})
      and fics_consent_required(u.id)
      and not exists (select 1 from ${guardianConsents} c where c.student_id = u.id)`);
}

async function ensureCollege(
  db: DbOrTx,
  college: { name: string; regionId: string; communeId: string },
): Promise<string> {
  const [found] = await db
    .select({ id: colleges.id })
    .from(colleges)
    // The same name as the unique index sees it, so a school renamed in case or accents is reused.
    .where(sql`fics_fold(${colleges.name}) = fics_fold(${college.name})`)
    .limit(1);
  if (found) {
    return found.id;
  }
  const { name, regionId, communeId } = college;
  const [row] = await db
    .insert(colleges)
    .values({ name, regionId, communeId })
    .returning({ id: colleges.id });
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
  // The hashes are checked side by side (argon2 runs on libuv's threads): one after the other they
  // were a tenth of a second of every `npm start` (issue 23.3).
  const described = await Promise.all(
    listed.map(async (account) => {
      const row = rows.find((r) => r.email.toLowerCase() === account.email.toLowerCase());
      if (!row) {
        return null;
      }
      const current = row.passwordHash !== null && (await verifyPassword(row.passwordHash, account.password));
      const role = (roleDisplayNames[account.role] ?? account.role).padEnd(15);
      const password = current ? account.password : '(la contraseña fue cambiada)';
      return `  ${role}${account.email.padEnd(30)}contraseña: ${password}`;
    }),
  );
  const lines = described.filter((line) => line !== null);
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
