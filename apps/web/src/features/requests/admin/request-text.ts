import { format } from 'date-fns';
import { es } from 'date-fns/locale/es';
import { gradeLabel, requestStatusLabels, type ChangeRequest, type RegisterRequest } from '@fics/contracts';

export type AdminRequest = ChangeRequest | RegisterRequest;

/** Spec 000 §9: dates in Spanish, 'MMM dd, yyyy' ('ene 05, 2025'). */
export function formatRequestDate(iso: string | null | undefined): string {
  if (!iso) {
    return '';
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'MMM dd, yyyy', { locale: es });
}

/** Spec 000 §4: 'Pendiente por revisión', 'Aprobado', 'Negada'; any other value blank. */
export function statusLabel(status: string): string {
  return (requestStatusLabels as Record<string, string | undefined>)[status] ?? '';
}

export function isChangeRequest(request: AdminRequest): request is ChangeRequest {
  return 'userId' in request;
}

/** Who asked: the student, or the person who wants an account (as they named themselves, once handled). */
export function requesterName(request: AdminRequest): string {
  if (isChangeRequest(request)) {
    return request.formerName ?? request.userId.name;
  }
  return request.formerName ?? request.name;
}

/** The school asked for and whether it is one of the list ('Otro' when not). */
export function requestedCollege(request: AdminRequest): { name: string; listed: boolean } {
  if (request.status !== 'PENDING' && request.formerCollegeName) {
    return { name: request.formerCollegeName, listed: request.isCollegeListed };
  }
  if (request.isCollegeListed) {
    return { name: request.collegeId?.name ?? request.formerCollegeName ?? '', listed: true };
  }
  return { name: request.collegeName ?? '', listed: false };
}

/** The grade asked for ('Quinto Básico A'), listed or typed. */
export function requestedGrade(request: AdminRequest): { name: string; listed: boolean } {
  if (request.status !== 'PENDING' && request.formerGradeName) {
    return { name: request.formerGradeName, listed: request.isGradeListed };
  }
  if (request.isGradeListed) {
    return {
      name: request.gradeId ? gradeLabel(request.gradeId) : (request.formerGradeName ?? ''),
      listed: true,
    };
  }
  return {
    name: request.gradeName ?? (request.requestedGrade ? gradeLabel(request.requestedGrade) : ''),
    listed: false,
  };
}
