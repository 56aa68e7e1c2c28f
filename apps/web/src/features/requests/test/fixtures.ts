import type { ChangeRequest, CollegeOption, Role } from '@fics/contracts';

export const ids = {
  andes: '0b8f7c2e-0000-4000-8000-000000000001',
  andes5a: '0b8f7c2e-0000-4000-8000-000000000002',
  andes6b: '0b8f7c2e-0000-4000-8000-000000000003',
  liceo: '0b8f7c2e-0000-4000-8000-000000000011',
  liceo1m: '0b8f7c2e-0000-4000-8000-000000000012',
  admin: '0b8f7c2e-0000-4000-8000-000000000021',
  teacher: '0b8f7c2e-0000-4000-8000-000000000022',
  student: '0b8f7c2e-0000-4000-8000-000000000023',
};

/** GET /colleges/list. The student of makeUser('STUDENT') is in Colegio Los Andes, Quinto Básico A. */
export const collegeOptions: CollegeOption[] = [
  {
    _id: ids.andes,
    name: 'Colegio Los Andes',
    grades: [
      { _id: ids.andes5a, level: 'Quinto', cicle: 'Básico', name: 'A' },
      { _id: ids.andes6b, level: 'Sexto', cicle: 'Básico', name: 'B' },
    ],
  },
  {
    _id: ids.liceo,
    name: 'Liceo Bicentenario',
    grades: [{ _id: ids.liceo1m, level: 'Primero', cicle: 'Medio', name: 'C' }],
  },
];

/** GET /roles. */
export const roles: Role[] = [
  { _id: ids.admin, name: 'ADMIN', displayName: 'administrador' },
  { _id: ids.teacher, name: 'TEACHER', displayName: 'docente' },
  { _id: ids.student, name: 'STUDENT', displayName: 'estudiante' },
];

/** A change request of the student 'Ana María Rojas'; `n` varies its id and date. */
export function changeRequest(n: number, overrides: Partial<ChangeRequest> = {}): ChangeRequest {
  const day = String((n % 28) + 1).padStart(2, '0');
  return {
    _id: `request-${n}`,
    date: `2025-03-${day}T12:00:00.000Z`,
    isCollegeListed: true,
    isGradeListed: true,
    collegeId: { _id: ids.liceo, name: 'Liceo Bicentenario' },
    collegeName: null,
    gradeId: { _id: ids.liceo1m, level: 'Primero', cicle: 'Medio', name: 'C', collegeId: ids.liceo },
    gradeName: null,
    requestedGrade: null,
    status: 'PENDING',
    adminId: null,
    adminComments: '',
    updatedAt: `2025-03-${day}T12:00:00.000Z`,
    formerName: null,
    formerCollegeName: null,
    formerGradeName: null,
    userId: {
      _id: 'user-STUDENT',
      name: 'Ana María Rojas',
      collegeId: [{ _id: ids.andes, name: 'Colegio Los Andes' }],
      gradeId: [{ _id: ids.andes5a, level: 'Quinto', cicle: 'Básico', name: 'A', collegeId: ids.andes }],
    },
    studentExplanation: 'Mi familia se cambió de ciudad este año.',
    ...overrides,
  };
}
