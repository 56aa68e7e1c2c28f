/**
 * The personal-data module's public entry (issue 22.1-2): the register of personal data assembled
 * from every module's declaration, 'Mis datos' (the export) and the erasure over the register.
 * Nothing depends on it but app.ts and the housekeeping job (retention, issue 22.6).
 */
export { dataExportRoutes } from './data-export.routes';
export { erasePersonalData } from './erase.service';
export { eraseAccount } from './erasure.service';
export { erasureRoutes } from './erasure.routes';
export { personalDataRegister } from './register';
export { privacyPersonalData } from './personal-data';
export { clearErasureTraces, eraseRetainedAccounts } from './retention.service';
