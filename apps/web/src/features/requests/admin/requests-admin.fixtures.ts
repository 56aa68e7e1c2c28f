import type { ChangeRequest, College, Grade, Paged, RegisterRequest, Role } from '@fics/contracts';

/*
 * Requests, schools and roles as the API answers them, for the administrator's request pages' tests.
 * Ids are UUIDs: the approve forms check them with the API's own schemas.
 */

export const roles: Role[] = [
  { _id: '00000000-0000-4000-8000-0000000000a1', name: 'ADMIN', displayName: 'administrador' },
  { _id: '00000000-0000-4000-8000-0000000000a2', name: 'TEACHER', displayName: 'docente' },
  { _id: '00000000-0000-4000-8000-0000000000a3', name: 'STUDENT', displayName: 'estudiante' },
];
export const studentRole = roles[2]!;

const andesId = '00000000-0000-4000-8000-000000000c01';
const liceoId = '00000000-0000-4000-8000-000000000c02';
export const quintoA: Grade = {
  _id: '00000000-0000-4000-8000-000000000b01',
  level: 'Quinto',
  cicle: 'Básico',
  name: 'A',
  collegeId: andesId,
};
export const sextoB: Grade = {
  _id: '00000000-0000-4000-8000-000000000b02',
  level: 'Sexto',
  cicle: 'Básico',
  name: 'B',
  collegeId: andesId,
};
export const primeroMedio: Grade = {
  _id: '00000000-0000-4000-8000-000000000b03',
  level: 'Primero',
  cicle: 'Medio',
  name: 'C',
  collegeId: liceoId,
};
export const andes: College = {
  _id: andesId,
  name: 'Colegio Los Andes',
  region: null,
  zone: null,
  grades: [quintoA, sextoB],
};
export const liceo: College = {
  _id: liceoId,
  name: 'Liceo Costa Azul',
  region: null,
  zone: null,
  grades: [primeroMedio],
};
export const colleges: College[] = [andes, liceo];

const common = {
  date: '2025-03-05T12:00:00.000Z',
  isCollegeListed: true,
  isGradeListed: true,
  collegeName: null,
  gradeName: null,
  requestedGrade: null,
  status: 'PENDING' as const,
  adminId: null,
  adminComments: '',
  updatedAt: '2025-03-05T12:00:00.000Z',
  formerName: null,
  formerCollegeName: null,
  formerGradeName: null,
};

/** Sofía asks to move from Quinto Básico A of Los Andes to Primero Medio C of the Liceo. */
export const changeRequest: ChangeRequest = {
  ...common,
  _id: '00000000-0000-4000-8000-000000000d01',
  userId: {
    _id: '00000000-0000-4000-8000-000000000e01',
    name: 'Sofía Estudiante',
    collegeId: [{ _id: andes._id, name: andes.name }],
    gradeId: [quintoA],
  },
  studentExplanation: 'Me cambio de casa a la costa en marzo',
  collegeId: { _id: liceo._id, name: liceo.name },
  gradeId: primeroMedio,
};

/** A change request naming a school nobody registered ('Otro'). */
export const changeRequestUnlisted: ChangeRequest = {
  ...changeRequest,
  _id: '00000000-0000-4000-8000-000000000d02',
  isCollegeListed: false,
  isGradeListed: false,
  collegeId: null,
  gradeId: null,
  collegeName: 'Escuela Rural El Olivar',
  gradeName: 'Tercero Medio Delta B',
  requestedGrade: { level: 'Tercero', cicle: 'Medio', name: 'Delta B' },
};

/** Camila wants a student account in Sexto Básico B of Los Andes. */
export const registerRequest: RegisterRequest = {
  ...common,
  _id: '00000000-0000-4000-8000-000000000f01',
  name: 'Camila Rojas',
  email: 'camila@example.cl',
  role: studentRole,
  userComment: '',
  collegeId: { _id: andes._id, name: andes.name },
  gradeId: sextoB,
};

/** One asking for a grade of Los Andes that does not exist. */
export const registerRequestNewGrade: RegisterRequest = {
  ...registerRequest,
  _id: '00000000-0000-4000-8000-000000000f02',
  name: 'Tomás Pérez',
  email: 'tomas@example.cl',
  userComment: 'Soy nuevo en el colegio',
  isGradeListed: false,
  gradeId: null,
  gradeName: 'Octavo Básico C',
  requestedGrade: { level: 'Octavo', cicle: 'Básico', name: 'C' },
};

export const admin = { _id: '00000000-0000-4000-8000-000000000e09', name: 'Ana Administradora' };

/** Handled change requests, one per status; `n` makes each id and name distinct. */
export function handledChange(n: number, status: ChangeRequest['status'] = 'APPROVED'): ChangeRequest {
  return {
    ...changeRequest,
    _id: `00000000-0000-4000-8000-${String(100000000000 + n)}`,
    status,
    adminId: admin,
    adminComments: status === 'DENIED' ? 'No hay cupos' : '',
    formerName: `Estudiante ${n}`,
    formerCollegeName: liceo.name,
    formerGradeName: 'Primero Medio C',
  };
}

export function handledRegister(n: number, status: RegisterRequest['status'] = 'DENIED'): RegisterRequest {
  return {
    ...registerRequest,
    _id: `00000000-0000-4000-8000-${String(200000000000 + n)}`,
    name: `Persona ${n}`,
    email: `persona${n}@example.cl`,
    status,
    adminId: admin,
    adminComments: '',
    formerName: `Persona ${n}`,
    formerCollegeName: andes.name,
    formerGradeName: 'Sexto Básico B',
  };
}

/** One page of `all` as the API pages it. */
export function pageOf<T>(all: T[], page: number, limit: number): Paged<T> {
  const docs = all.slice((page - 1) * limit, page * limit);
  const hasNextPage = page * limit < all.length;
  return { docs, page, limit, totalDocs: all.length, hasNextPage, nextPage: hasNextPage ? page + 1 : null };
}
