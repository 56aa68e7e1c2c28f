import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  birthYearField,
  emailField,
  userMessages,
  userNameField,
  type Role,
  type RoleName,
  type User,
} from '@fics/contracts';

/** One school and one of its grades, as a teacher's list holds them. */
export interface MembershipPair {
  collegeId: string;
  gradeId: string;
}

/**
 * The add and edit dialogs' fields. `collegeId`/`gradeId` are the two selects: a student's school
 * and grade, or the pair a teacher's list is about to receive. `pairs` is the teacher's list.
 */
export interface UserFormValues {
  name: string;
  email: string;
  role: string;
  collegeId: string;
  gradeId: string;
  pairs: MembershipPair[];
  /** A student's birth year as typed ('' unknown; issue 22.5). */
  birthYear: string;
}

/** What the dialogs send, whatever the role (an administrator belongs to no school). */
export interface UserFormResult {
  name: string;
  email: string;
  role: string;
  collegeId: string[];
  gradeId: string[];
  /** A student's birth year (null: unknown); left out for other roles. */
  birthYear?: number | null;
}

export function roleNameOf(roles: readonly Role[] | undefined, roleId: string): RoleName | undefined {
  return roles?.find((role) => role._id === roleId)?.name;
}

/**
 * A teacher's list plus the pair still sitting in the selects: choosing a school and a grade and
 * pressing Guardar without 'Agregar' means that pair too.
 */
export function effectivePairs(values: Pick<UserFormValues, 'collegeId' | 'gradeId' | 'pairs'>) {
  const { collegeId, gradeId, pairs } = values;
  if (collegeId && gradeId && !pairs.some((pair) => pair.gradeId === gradeId)) {
    return [...pairs, { collegeId, gradeId }];
  }
  return pairs;
}

const requiredId = (message: string) => z.string().min(1, message);
/** The typed birth year, checked as the API checks it (contracts' birthYearField), kept as typed. */
const birthYearText = z.string().superRefine((value, ctx) => {
  const parsed = birthYearField.safeParse(value);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? '' });
  }
});
const pairSchema = z.object({ collegeId: z.string(), gradeId: z.string() });

/**
 * Spec 000 §5 New user / Edit user: name, e-mail and role always; a student needs one school and
 * one grade; a teacher at least one pair (the selects are required while the list is empty);
 * an administrator none.
 */
function schemaFor(roleName: RoleName | undefined, values: UserFormValues) {
  const needsSelection =
    roleName === 'STUDENT' || (roleName === 'TEACHER' && effectivePairs(values).length === 0);
  return z.object({
    name: userNameField,
    email: emailField(),
    role: requiredId(userMessages.roleRequired),
    collegeId: needsSelection ? requiredId(userMessages.collegeRequired) : z.string(),
    gradeId: needsSelection ? requiredId(userMessages.gradeRequired) : z.string(),
    pairs: z.array(pairSchema),
    birthYear: roleName === 'STUDENT' ? birthYearText : z.string(),
  });
}

/** A resolver whose rules follow the role chosen in the form. */
export function userFormResolver(roles: readonly Role[] | undefined): Resolver<UserFormValues> {
  return (values, context, options) =>
    zodResolver(schemaFor(roleNameOf(roles, values.role), values))(values, context, options);
}

/** The lists the API expects for the chosen role. */
export function toUserFormResult(values: UserFormValues, roleName: RoleName | undefined): UserFormResult {
  const base = { name: values.name, email: values.email, role: values.role };
  if (roleName === 'STUDENT') {
    const typed = values.birthYear.trim();
    return {
      ...base,
      collegeId: [values.collegeId],
      gradeId: [values.gradeId],
      birthYear: typed === '' ? null : Number(typed),
    };
  }
  if (roleName === 'TEACHER') {
    const pairs = effectivePairs(values);
    return {
      ...base,
      collegeId: [...new Set(pairs.map((pair) => pair.collegeId))],
      gradeId: pairs.map((pair) => pair.gradeId),
    };
  }
  return { ...base, collegeId: [], gradeId: [] };
}

/** The edit dialog's starting values for `user`. */
export function valuesFromUser(user: User): UserFormValues {
  const base = {
    name: user.name,
    email: user.email,
    role: user.role._id,
    birthYear: user.birthYear ? String(user.birthYear) : '',
  };
  if (user.role.name === 'TEACHER') {
    return {
      ...base,
      collegeId: '',
      gradeId: '',
      pairs: user.gradeId.map((grade) => ({ collegeId: grade.collegeId, gradeId: grade._id })),
    };
  }
  return {
    ...base,
    collegeId: user.gradeId[0]?.collegeId ?? user.collegeId[0]?._id ?? '',
    gradeId: user.gradeId[0]?._id ?? '',
    pairs: [],
  };
}

/** Field names a server answer may carry a message for. */
export const userFormFields = ['name', 'email', 'role', 'collegeId', 'gradeId', 'birthYear'] as const;
