/**
 * What other features may use of the schools screens: the school and grade forms (without their
 * dialogs) and the deletions, for the requests' approve wizard (create a school or grade a request
 * names, and delete them again if the wizard closes without approving).
 */
export { CollegeForm } from './components/CollegeFormDialog';
export { GradeForm } from './components/GradeFormDialog';
export { useDeleteCollege, useDeleteGrade } from './api';
