import type { College, CollegeDetail, GradeDetail, Region, Role } from '@fics/contracts';

/** Test data shaped like the API's answers (ids are UUIDs, as the server's are). */
export const regions: Region[] = [
  {
    _id: '05',
    name: 'Región de Valparaíso',
    communes: [
      { _id: '05101', name: 'Valparaíso' },
      { _id: '05109', name: 'Viña del Mar' },
      { _id: '05801', name: 'Quilpué' },
    ],
  },
  {
    _id: '08',
    name: 'Región del Biobío',
    communes: [
      { _id: '08101', name: 'Concepción' },
      { _id: '08102', name: 'Coronel' },
      { _id: '08106', name: 'Lota' },
    ],
  },
];

export const roles: Role[] = [
  { _id: 'a0000000-0000-4000-8000-00000000000a', name: 'ADMIN', displayName: 'Administrador' },
  { _id: 'a0000000-0000-4000-8000-00000000000b', name: 'TEACHER', displayName: 'Docente' },
  { _id: 'a0000000-0000-4000-8000-00000000000c', name: 'STUDENT', displayName: 'Estudiante' },
];
export const teacherRoleId = roles[1]!._id;
export const studentRoleId = roles[2]!._id;

export const collegeId = 'c0000000-0000-4000-8000-000000000001';

export const colleges: College[] = [
  {
    _id: collegeId,
    name: 'Colegio Los Andes',
    region: 'Región de Valparaíso',
    zone: 'Viña del Mar',
    grades: [],
  },
  {
    _id: 'c0000000-0000-4000-8000-000000000002',
    name: 'Escuela Rural El Manzano',
    region: null,
    zone: null,
    grades: [],
  },
];

export const gradeWithTeachers: GradeDetail = {
  _id: 'b0000000-0000-4000-8000-000000000001',
  level: 'Primero',
  cicle: 'Medio',
  name: 'A',
  collegeId,
  teachers: [
    {
      _id: 'd0000000-0000-4000-8000-000000000001',
      name: 'Marta Pérez',
      email: 'marta@colegio.cl',
      role: { _id: teacherRoleId },
    },
    {
      _id: 'd0000000-0000-4000-8000-000000000002',
      name: 'Jorge Soto',
      email: 'jorge@colegio.cl',
      role: { _id: teacherRoleId },
    },
  ],
  teachersCount: 2,
  studentsCount: 27,
  storiesCount: 14,
};

export const gradeWithoutTeachers: GradeDetail = {
  _id: 'b0000000-0000-4000-8000-000000000002',
  level: 'Quinto',
  cicle: 'Básico',
  name: 'B',
  collegeId,
  teachers: [],
  teachersCount: 0,
  studentsCount: 3,
  storiesCount: 0,
};

export const collegeDetail: CollegeDetail = {
  _id: collegeId,
  name: 'Colegio Los Andes',
  region: 'Región de Valparaíso',
  zone: 'Viña del Mar',
  grades: [gradeWithTeachers, gradeWithoutTeachers],
  teachersCount: 2,
  studentsCount: 30,
  storiesCount: 14,
};
