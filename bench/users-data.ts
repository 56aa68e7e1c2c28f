/**
 * Benchmark data for the user list: `size` users generated in SQL (INSERT ... SELECT from
 * generate_series), so 100,000 users load in seconds on a server. Per block of 1,000 users: one
 * school with 10 grades (8 'Básico', 2 'Medio'), 970 students (97 per grade), 25 teachers (one
 * or two grades of their school) and 5 administrators. Names are Chilean first names and two
 * surnames with accents, drawn deterministically from the arrays below; e-mails are unique.
 *
 * Exactly one person, at every size, is the one the search benchmark looks for:
 * 'Ñandú Pérez Soto' (no generated name or e-mail contains 'nandu'), searched as 'nandu perez'
 * the way a teacher or administrator looks up one specific person.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../apps/api/src/db/client';
import { roles, users } from '../apps/api/src/db/schema';

export const BLOCK = 1000;
export const SEARCHED = {
  name: 'Ñandú Pérez Soto',
  email: 'nandu.perez@bench.fics.cl',
  query: 'nandu perez',
};

const FIRST_NAMES = [
  'José',
  'María',
  'Sofía',
  'Matías',
  'Benjamín',
  'Martín',
  'Agustina',
  'Florencia',
  'Tomás',
  'Lucía',
  'Joaquín',
  'Valentina',
  'Ignacio',
  'Catalina',
  'Vicente',
  'Antonella',
  'Maximiliano',
  'Isidora',
  'Cristóbal',
  'Josefa',
  'Ángel',
  'Inés',
  'Ramón',
  'Begoña',
  'Iñaki',
  'Óscar',
  'Úrsula',
  'Raúl',
  'Héctor',
  'Mónica',
  'Andrés',
  'Sebastián',
  'Fernanda',
  'Constanza',
  'Julián',
  'Verónica',
  'Germán',
  'Ximena',
  'Renata',
  'Emilia',
  'Gaspar',
  'Amanda',
  'Bárbara',
  'Nicolás',
  'Rocío',
  'Simón',
  'Elías',
  'Javiera',
  'Dámaso',
  'Efraín',
];
const SURNAMES = [
  'González',
  'Muñoz',
  'Rojas',
  'Díaz',
  'Pérez',
  'Soto',
  'Contreras',
  'Silva',
  'Martínez',
  'Sepúlveda',
  'Morales',
  'Rodríguez',
  'López',
  'Fuentes',
  'Hernández',
  'Torres',
  'Araya',
  'Flores',
  'Espinoza',
  'Valenzuela',
  'Castillo',
  'Tapia',
  'Reyes',
  'Gutiérrez',
  'Castro',
  'Pizarro',
  'Álvarez',
  'Vásquez',
  'Sánchez',
  'Fernández',
  'Ramírez',
  'Carrasco',
  'Gómez',
  'Cortés',
  'Herrera',
  'Núñez',
  'Jara',
  'Vergara',
  'Rivera',
  'Figueroa',
  'Ibáñez',
  'Peña',
  'Orellana',
  'Saavedra',
  'Bravo',
  'Aguilera',
  'Cáceres',
  'Miranda',
  'Olguín',
  'Zúñiga',
];
const PLACES = [
  'Los Andes',
  'Ñuñoa',
  'Valparaíso',
  'Concepción',
  'Temuco',
  'Chillán',
  'Talca',
  'Rancagua',
  'Curicó',
  'Osorno',
  'Puerto Montt',
  'Antofagasta',
  'Copiapó',
  'La Serena',
  'Iquique',
  'Arica',
  'Coyhaique',
  'Punta Arenas',
  'Valdivia',
  'Angol',
];
const LEVELS = [
  'Primero',
  'Segundo',
  'Tercero',
  'Cuarto',
  'Quinto',
  'Sexto',
  'Séptimo',
  'Octavo',
  'Primero',
  'Segundo',
];

const array = (values: string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`);
/** A deterministic pick from an array for row i (salt varies the pick per column). */
const pick = (values: string[], salt: number) =>
  sql`(${array(values)})[1 + abs(hashint4(i * 7 + ${sql.raw(String(salt))})) % ${sql.raw(String(values.length))}]`;

/** Loads `size` users (a multiple of 1,000) into an empty, migrated database; returns an administrator's id. */
export async function loadUsers(db: Db, size: number): Promise<{ adminId: string }> {
  if (size < BLOCK || size % BLOCK !== 0) {
    throw new Error(`size must be a positive multiple of ${BLOCK}`);
  }
  const blocks = size / BLOCK;
  await db.execute(sql`
    insert into colleges (name)
    select 'Colegio ' || (${array(PLACES)})[1 + b % ${sql.raw(String(PLACES.length))}] || ' N.º ' || b
    from generate_series(1, ${blocks}) as s(b)`);
  await db.execute(sql`
    insert into grades (college_id, level, cicle, name)
    select c.id, (${array(LEVELS)})[g], case when g <= 8 then 'Básico' else 'Medio' end, 'A'
    from colleges c cross join generate_series(1, 10) as s(g)`);
  // user_grades' row triggers act once per membership: a member's fics' consent flags (these users
  // have no fics) and the embedded server's sign-in notices (no server runs here, and they are off on
  // this connection). They changed nothing here and took most of the load (100,000 users: 50 s on
  // the server, 40 s embedded), so the load goes without them, as a restore would; the statement
  // triggers on users (the role counters, the retention rows) still run.
  await db.execute(sql`alter table user_grades disable trigger user`);
  // Block b (0-based) of 1,000 users, position k in it: 0..969 students (grade b*10 + k/97),
  // 970..994 teachers (grade b*10 + t%10, and a second one for t >= 10), 995..999 administrators.
  // Grade numbers follow (college, id), so a block's ten grades are one school's.
  await db.execute(sql`
    with grade_index as (
      select id, (row_number() over (order by college_id, id) - 1)::int as gi from grades
    ),
    src as (
      select i, role, gi1, gi2,
        case when i = 1 then ${SEARCHED.name} else first || ' ' || s1 || ' ' || s2 end as name,
        case when i = 1 then ${SEARCHED.email}
             else fics_fold(first) || '.' || fics_fold(s1) || '.' || i || '@bench.fics.cl' end as email
      from (
        select i, first, s1, s2,
          case when k < 970 then 'STUDENT' when k < 995 then 'TEACHER' else 'ADMIN' end as role,
          case when k < 970 then b * 10 + k / 97 when k < 995 then b * 10 + (k - 970) % 10 end as gi1,
          case when k >= 980 and k < 995 then b * 10 + (k - 970 + 3) % 10 end as gi2
        from (
          select i, (i - 1) / ${BLOCK} as b, (i - 1) % ${BLOCK} as k,
            ${pick(FIRST_NAMES, 1)} as first, ${pick(SURNAMES, 2)} as s1, ${pick(SURNAMES, 3)} as s2
          from generate_series(1, ${size}) as s(i)
        ) numbered
      ) roles_and_grades
    ),
    inserted as (
      insert into users (name, email, role_id)
      select src.name, src.email, r.id from src join roles r on r.name = src.role
      returning id, email
    )
    insert into user_grades (user_id, grade_id)
    select inserted.id, g.id
    from inserted
    join src on src.email = inserted.email
    cross join lateral (values (src.gi1), (src.gi2)) as v(gi)
    join grade_index g on g.gi = v.gi`);
  await db.execute(sql`alter table user_grades enable trigger user`);
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(roles.name, 'ADMIN'))
    .orderBy(asc(users.email))
    .limit(1);
  return { adminId: admin!.id };
}
