/** The mail module's public entry: other modules import only from here. */
export { enqueueEventMail, enqueueMail, enqueueMails, type OutgoingMail } from './outbox.service';
export {
  changeApprovedMail,
  changeDeniedMail,
  emailChangedMail,
  invitationMail,
  privacyAnswerMail,
  privacyConfirmMail,
  publishedMail,
  recoveryMail,
  registerDeniedMail,
} from './templates';
export { MailDispatcher, type MailDispatcherOptions } from './dispatcher.service';
export {
  createLogTransport,
  createSmtpTransport,
  type MailMessage,
  type MailTransport,
} from './mail-transport';
export { mailPlugin, type MailPluginOptions, type MailService } from './mail.plugin';
// What it keeps about a person, for the register of personal data (issue 22.1).
export { mailPersonalData } from './personal-data';
export { guardianConsentMail, retentionNoticeMail } from './templates';
