import { userMessages, type RoleName } from '@fics/contracts';
import { t } from '../../../lib/i18n';
import type { EmailItem } from './email-list';

export type Source = 'excel' | 'list';

/** What step 1 ('Selección de datos') collects, as far as its rules need it. */
export interface SelectionInput {
  /** Name of the chosen role; null while none is chosen. */
  roleName: RoleName | null;
  collegeId: string;
  gradeId: string;
  source: Source;
  /** Users read from the chosen file; null while no file has been read successfully. */
  fileRows: number | null;
  items: readonly EmailItem[];
}

export type SelectionField = 'role' | 'collegeId' | 'gradeId' | 'source';
export type SelectionErrors = Partial<Record<SelectionField, string>>;

/**
 * Students and teachers belong to a school and grade, so their import needs one (the API refuses it
 * otherwise); administrators belong to none.
 */
export function needsSchool(roleName: RoleName | null): boolean {
  return roleName === 'STUDENT' || roleName === 'TEACHER';
}

/** Step 1 rules (spec 000 §5 Bulk import); empty when the wizard may go on. */
export function selectionErrors(input: SelectionInput): SelectionErrors {
  const errors: SelectionErrors = {};
  if (!input.roleName) {
    errors.role = userMessages.roleRequired;
  }
  if (needsSchool(input.roleName)) {
    if (!input.collegeId) {
      errors.collegeId = userMessages.collegeRequired;
    }
    if (!input.gradeId) {
      errors.gradeId = userMessages.gradeRequired;
    }
  }
  if (input.source === 'excel') {
    if (!input.fileRows) {
      errors.source = t('bulkImport.fileRequired');
    }
  } else if (input.items.some((item) => !item.valid)) {
    errors.source = userMessages.bulkListErrors;
  } else if (input.items.length === 0) {
    errors.source = t('bulkImport.emailsRequired');
  }
  return errors;
}
