import type { PersonalDataDeclaration } from '../../lib/personal-data';
import { annotationsPersonalData } from '../annotations';
import { blocksPersonalData } from '../blocks';
import { commentBankPersonalData } from '../comment-bank';
import { commentsPersonalData } from '../comments';
import { credentialsPersonalData } from '../credentials';
import { evaluationsPersonalData } from '../evaluations';
import { eventsPersonalData } from '../events';
import { mailPersonalData } from '../mail';
import { mediaPersonalData } from '../media';
import { moderationPersonalData } from '../moderation';
import { notificationsPersonalData } from '../notifications';
import { privacyRequestsPersonalData } from '../privacy-requests';
import { requestsPersonalData } from '../requests';
import { securityIncidentsPersonalData } from '../security-incidents';
import { rubricsPersonalData } from '../rubrics';
import { storiesPersonalData } from '../stories';
import { trackingPersonalData } from '../tracking';
import { usersPersonalData } from '../users';
import { privacyPersonalData } from './personal-data';

/**
 * The register of personal data (issue 22.1), assembled here from each module's index.ts: every
 * table that refers to a person is declared by exactly one module (personal-data-register.test.ts
 * reads the database's catalogue and fails otherwise). The export, the erasure and the retention job
 * read only this list. In export order (datos.json's sections follow it); erasure runs by `order`.
 */
export const personalDataRegister: readonly PersonalDataDeclaration[] = [
  usersPersonalData,
  credentialsPersonalData,
  trackingPersonalData,
  storiesPersonalData,
  commentsPersonalData,
  evaluationsPersonalData,
  annotationsPersonalData,
  requestsPersonalData,
  privacyPersonalData,
  privacyRequestsPersonalData,
  securityIncidentsPersonalData,
  notificationsPersonalData,
  blocksPersonalData,
  moderationPersonalData,
  rubricsPersonalData,
  commentBankPersonalData,
  mailPersonalData,
  mediaPersonalData,
  eventsPersonalData,
];
