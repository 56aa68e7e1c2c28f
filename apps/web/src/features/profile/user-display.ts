export { capitalise, initials } from '../../lib/user-display';
import { gradeLabel, type User } from '@fics/contracts';

/** A student's one school and grade, as the profile shows them (null when not assigned). */
export function studentPlacement(user: User): { school: string | null; grade: string | null } {
  const college = user.collegeId[0];
  const grade = user.gradeId[0];
  return { school: college?.name ?? null, grade: grade ? gradeLabel(grade) : null };
}
