/**
 * The register of security incidents (issue 22.6; Ley 21.719 arts. 14 quinquies and sexies): its
 * routes, and what it keeps about a person (the administrator who recorded each incident).
 */
export { securityIncidentsRoutes } from './security-incidents.routes';
export { securityIncidentsPersonalData } from './personal-data';
