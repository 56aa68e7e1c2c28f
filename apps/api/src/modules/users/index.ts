/** The users module's public entry: other modules import only from here. */
export { resolveMemberships } from './memberships';
export { loadUserView, loadUserViews } from './user-view';
// Who may delete whom (DELETE /users/:id lives in modules/personal-data, over the erasure).
export { assertCanManage, findUserRecord, isStudentOf, type UserRecord } from './users.access';
export { usersRoutes } from './users.routes';
export { usersMailSubscriber } from './users.subscriber';
export {
  consentWithheld,
  decideGuardianConsent,
  getPublicConsent,
  refreshWithheldTurned14,
} from './guardian-consent.service';
// What it keeps about a person, for the register of personal data (issue 22.1).
export { usersPersonalData } from './personal-data';
// Retention (issue 22.6): logins clear a notice; the housekeeping job marks and tells.
export { erasureCutoff, lockRetentionRow, markRetentionNotices, recordLogin } from './retention';
