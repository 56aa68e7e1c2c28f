/**
 * Server data that several features show: one hook per resource, one cache entry each, keys from
 * lib/query-keys.ts. A feature keeps in its own api.ts only what no other feature reads.
 */
export { useClientConfig } from './use-client-config';
export { useCollegeOptions } from './use-college-options';
export { useColleges, useCollegeGrades } from './use-colleges';
export { useRegions } from './use-regions';
export { useRoleId, useRoles } from './use-roles';
export { useUserDetail, type UserDetail } from './use-user';
export { refreshAfterCollegesChange, refreshAfterProfileChange, refreshAfterUsersChange } from './refresh';
