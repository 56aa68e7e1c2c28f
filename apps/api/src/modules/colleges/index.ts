/** The colleges module's public entry (schools, grades, who holds them): other modules import only from here. */
export { collegesRoutes } from './colleges.routes';
export {
  heldGradeIds,
  teacherCollegeIds,
  teacherGradeIds,
  teacherGrades,
  userIdsInGrades,
} from './colleges.scope';
