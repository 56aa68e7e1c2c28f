/**
 * What other features and the app shell may use of auth: who is signed in, and the login dialog.
 * Everything else in this folder is auth's own (lint: eslint.config.js, feature boundaries).
 */
export {
  useCurrentUser,
  useLogoutEverywhere,
  useSession,
  useSessionSync,
  type Session,
  type SessionStatus,
} from './api';
export { LoginDialogProvider, useLoginDialog } from './components/LoginDialogProvider';
