/**
 * The credentials module's public entry: sessions, one-time tokens (recovery and invitation links)
 * and invitations. It sits below auth (signing in) and users (accounts made by others), which both
 * need it, so neither has to import the other's internals and no arrow runs between them twice.
 */
export { createSession, revokeUserSessions, SESSION_MAX_AGE_MS, type TokenPair } from './sessions.service';
export {
  issueOneTimeToken,
  ONE_TIME_TTL_MS,
  passwordLink,
  retireOneTimeTokens,
  type OneTimePurpose,
} from './one-time-tokens.service';
export { queueInvitations, type InvitedUser } from './invitations.service';
// What it keeps about a person, for the register of personal data (issue 22.1).
export { credentialsPersonalData } from './personal-data';
