/* Data for the user list's component tests. */
import {
  pageOf,
  usersPaging,
  type College,
  type Grade,
  type Paged,
  type Role,
  type User,
} from '@fics/contracts';
import { requestUrl } from '../../test/request-url';
import { makeUser } from '../../test/utils';

export const roles: Role[] = [
  { _id: 'role-ADMIN', name: 'ADMIN', displayName: 'Administrador' },
  { _id: 'role-TEACHER', name: 'TEACHER', displayName: 'Docente' },
  { _id: 'role-STUDENT', name: 'STUDENT', displayName: 'Estudiante' },
];

const grade = (id: string, collegeId: string, level: string, cicle: string, name: string): Grade => ({
  _id: id,
  level,
  cicle,
  name,
  collegeId,
});

const quintoA = grade('grade-5a', 'college-andes', 'Quinto', 'Básico', 'A');
const sextoB = grade('grade-6b', 'college-andes', 'Sexto', 'Básico', 'B');
const primeroMedioA = grade('grade-1m', 'college-liceo', 'Primero', 'Medio', 'A');

export const andes = {
  _id: 'college-andes',
  name: 'Colegio Los Andes',
  region: 'Región de Valparaíso',
  zone: 'Los Andes',
  grades: [quintoA, sextoB],
} satisfies College;

export const liceo = {
  _id: 'college-liceo',
  name: 'Liceo Bicentenario',
  region: null,
  zone: null,
  grades: [primeroMedioA],
} satisfies College;

/** Every school, as an administrator gets them. */
export const adminColleges: College[] = [andes, liceo];
/** A teacher's schools: only their own, with only their own grades. */
export const teacherColleges: College[] = [{ ...andes, grades: [quintoA] }];

export const teacherUser: User = makeUser('TEACHER', {
  _id: 'user-teacher',
  name: 'Pedro Soto',
  email: 'pedro@example.cl',
  role: roles[1]!,
  collegeId: [
    { _id: andes._id, name: andes.name },
    { _id: liceo._id, name: liceo.name },
  ],
  gradeId: [quintoA, sextoB, primeroMedioA],
});

export const studentUser: User = makeUser('STUDENT', {
  _id: 'user-student',
  name: 'Camila Díaz',
  email: 'camila@example.cl',
  role: roles[2]!,
  collegeId: [{ _id: andes._id, name: andes.name }],
  gradeId: [quintoA],
});

export const adminUser: User = makeUser('ADMIN', {
  _id: 'user-admin',
  name: 'Ana María Rojas',
  email: 'ana@example.cl',
  role: roles[0]!,
});

/** The signed-in teacher: one school, one grade. */
export const signedInTeacher: User = makeUser('TEACHER', {
  _id: 'me-teacher',
  name: 'Laura Pérez',
  email: 'laura@example.cl',
  role: roles[1]!,
  collegeId: [{ _id: andes._id, name: andes.name }],
  gradeId: [quintoA],
});

/** The URL a fetch call was made with, parsed (the api client sends paths). */
export function calledUrl(input: RequestInfo | URL): URL {
  return new URL(requestUrl(input), 'http://localhost');
}

/** `{ users: page }` as GET /users answers, the whole list on one page unless told otherwise. */
export function usersBody(
  users: User[],
  {
    page = 1,
    limit = usersPaging.defaultLimit,
    total = users.length,
  }: { page?: number; limit?: number; total?: number } = {},
): { users: Paged<User> } {
  return { users: pageOf(users, { page, limit }, total) };
}

/** `count` students named 'Estudiante 001'... in name order, in Colegio Los Andes, Quinto Básico A. */
export function manyStudents(count: number): User[] {
  return Array.from({ length: count }, (_, index) => {
    const number = String(index + 1).padStart(3, '0');
    return {
      ...studentUser,
      _id: `student-${number}`,
      name: `Estudiante ${number}`,
      email: `estudiante${number}@example.cl`,
    };
  });
}

const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * GET /users as the API answers it, over `users` (already in name order): the filters, a search
 * ignoring accents and case where every word must appear in the name or e-mail, then the page.
 */
export function serveUsers(users: User[], url: URL): { users: Paged<User> } {
  const query = url.searchParams;
  const page = Number(query.get('page') ?? 1);
  const limit = Number(query.get('limit') ?? usersPaging.defaultLimit);
  const words = folded(query.get('search') ?? '')
    .split(/\s+/)
    .filter(Boolean);
  const matches = users.filter(
    (user) =>
      (!query.get('roleId') || user.role._id === query.get('roleId')) &&
      (!query.get('collegeId') || user.collegeId.some((c) => c._id === query.get('collegeId'))) &&
      (!query.get('gradeId') || user.gradeId.some((g) => g._id === query.get('gradeId'))) &&
      words.every((word) => folded(`${user.name} ${user.email}`).includes(word)),
  );
  return usersBody(matches.slice((page - 1) * limit, page * limit), { page, limit, total: matches.length });
}
