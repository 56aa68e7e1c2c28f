import { gradeLabel, type User } from '@fics/contracts';

/** 'Ana María Rojas' → 'AR': the avatar's letters when there is no photo. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toLocaleUpperCase('es'))
    .join('');
}

/** 'docente' → 'Docente' (spec 000 §2: role display name, first letter capitalised). */
export function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase('es') + text.slice(1);
}

/** A student's one school and grade, as the profile shows them (null when not assigned). */
export function studentPlacement(user: User): { school: string | null; grade: string | null } {
  const college = user.collegeId[0];
  const grade = user.gradeId[0];
  return { school: college?.name ?? null, grade: grade ? gradeLabel(grade) : null };
}
