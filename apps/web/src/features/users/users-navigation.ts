/**
 * The navigation state another screen may hand the user list (/usuarios, spec 000 §2 School view):
 * `navigate('/usuarios', { state })`. The list opens filtered by school, grade and role, and with
 * `openCreate` its create dialog open. navigation-state.ts parses it (history state is untrusted).
 */
export interface UsersPageState {
  collegeId: string;
  gradeId: string;
  roleId: string;
  openCreate?: true;
}
