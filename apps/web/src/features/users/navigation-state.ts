import { z } from 'zod';
import { maxPage, usersPaging, usersSearchMax, type College, type Role } from '@fics/contracts';
import { urlParam } from '../../lib/use-url-state';
import { emptyFilters, type UserFilters } from './api';

/** Page sizes offered under the table; the API's default first. */
export const userPageSizes = [usersPaging.defaultLimit, usersPaging.maxLimit] as const;

/**
 * The list's state in the query string (/usuarios?collegeId=…&search=…&page=3), so a reload, a
 * shared link and the back button keep it. Values that do not parse read as unset (page 1).
 */
const idParam = urlParam.id();

export const usersUrlParams = {
  roleId: idParam,
  collegeId: idParam,
  gradeId: idParam,
  search: urlParam.text({ maxLength: usersSearchMax }),
  page: urlParam.int({ min: 1, max: maxPage, fallback: 1 }),
  limit: urlParam.oneOf<number>(userPageSizes, usersPaging.defaultLimit),
};

/**
 * What another screen may hand the user list through router navigation state (spec 000 §2 School
 * view): `navigate('/usuarios', { state: { collegeId, gradeId, roleId, openCreate } })`, any subset.
 * The page moves the filters into its query string at once. History state survives reloads and can
 * be anything, so it is parsed, never trusted.
 */
const navigationStateSchema = z.object({
  collegeId: z.string().optional().catch(undefined),
  gradeId: z.string().optional().catch(undefined),
  roleId: z.string().optional().catch(undefined),
  openCreate: z.boolean().optional().catch(undefined),
});

export interface UsersNavigation {
  filters: UserFilters;
  openCreate: boolean;
  /** Whether the state asked for anything (filters or the create dialog). */
  present: boolean;
}

const noNavigation: UsersNavigation = { filters: emptyFilters, openCreate: false, present: false };

export function readUsersNavigation(state: unknown): UsersNavigation {
  const parsed = navigationStateSchema.safeParse(state);
  if (!parsed.success) {
    return noNavigation;
  }
  // The same ids the query string would take.
  const id = (value: string | undefined) => (value === undefined ? '' : (idParam.parse(value) ?? ''));
  const { collegeId, gradeId, roleId, openCreate } = parsed.data;
  const filters = { ...emptyFilters, roleId: id(roleId), collegeId: id(collegeId), gradeId: id(gradeId) };
  const asked = Boolean(filters.roleId || filters.collegeId || filters.gradeId || openCreate);
  return { filters, openCreate: openCreate === true, present: asked };
}

/**
 * The filters with the ids the caller's options do not hold dropped: a link to a deleted school, a
 * grade of another school, or (for a teacher) a school that is not theirs would otherwise end in an
 * error. Options that failed to load check nothing; the API still refuses what it must.
 */
export function knownFilters(
  filters: UserFilters,
  roles: readonly Role[] | undefined,
  colleges: readonly College[] | undefined,
): UserFilters {
  const roleId = !roles || roles.some((role) => role._id === filters.roleId) ? filters.roleId : '';
  if (!colleges) {
    return { ...filters, roleId };
  }
  const college = colleges.find((c) => c._id === filters.collegeId);
  const collegeId = college ? filters.collegeId : '';
  const gradeHolders = college ? [college] : colleges;
  const gradeKnown = gradeHolders.some((c) => c.grades.some((grade) => grade._id === filters.gradeId));
  return { ...filters, roleId, collegeId, gradeId: gradeKnown ? filters.gradeId : '' };
}

/** Whether any id filter is set (they need the options before the list may be asked). */
export const hasIdFilters = (filters: UserFilters) =>
  Boolean(filters.roleId || filters.collegeId || filters.gradeId);
