/**
 * What other features may use of the requests under Ley 21.719 (issue 22.3): the profile's
 * 'Ejercer mis derechos' and the public form and confirmation of /terminos-condiciones. The
 * administrators' queue is a page of the route table.
 */
export { PrivacyRights } from './components/PrivacyRights';
export { ConfirmPrivacyRequest, PublicPrivacyRequest } from './components/PublicPrivacyRequest';
