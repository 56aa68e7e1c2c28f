/* Data for the user list's component tests. */
import type { College, Grade, Role, User } from '@fics/contracts';
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
