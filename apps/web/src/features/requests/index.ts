/**
 * What other features may use of requests (lint: eslint.config.js, feature boundaries): the
 * registration request form (the login dialog), and the student's change request action and
 * history (the profile).
 */
export { RegisterRequestForm } from './components/RegisterRequestForm';
export { ChangeRequestAction } from './components/ChangeRequestAction';
export { ChangeRequestHistory } from './components/ChangeRequestHistory';
/** The administrator's menu dots (app/layout/AccountMenu): whether each pending list has requests. */
export { useRequestBadges } from './admin-api';
