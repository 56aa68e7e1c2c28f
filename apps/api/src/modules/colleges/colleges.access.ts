import { forbidden } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';

/**
 * Who may do what with schools and grades. The services decide (routes only authenticate):
 * administrators manage everything; a teacher may only list their own schools and grades
 * (GET /colleges, GET /colleges/:collegeId/grades); students may do neither. The public
 * registration list (GET /colleges/list) needs no actor at all.
 */

/** Refuses (403) anyone but an administrator. */
export function assertAdmin(actor: Actor): void {
  if (actor.role !== 'ADMIN') {
    throw forbidden();
  }
}

/** Refuses (403) students: administrators list every school and grade, teachers their own. */
export function assertCanListSchools(actor: Actor): asserts actor is Actor & { role: 'ADMIN' | 'TEACHER' } {
  if (actor.role !== 'ADMIN' && actor.role !== 'TEACHER') {
    throw forbidden();
  }
}
