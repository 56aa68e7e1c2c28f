/**
 * The navigation state the school view hands to the user list (/usuarios, spec 000 §2 School view):
 * the list opens filtered by school, grade and role, and with `openCreate` its create dialog open.
 */
export interface UsersPageState {
  collegeId: string;
  gradeId: string;
  roleId: string;
  openCreate?: true;
}
