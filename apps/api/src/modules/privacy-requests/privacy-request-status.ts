/**
 * The request's status machine (Ley 21.719 art. 11; issue 22.3), in one table the answer consults
 * and the views turn into the administrators' options:
 *
 *   PENDING ──DONE / REFUSED──> final
 *   PENDING ──EXTENDED (once; never a blocking)──> EXTENDED ──DONE / REFUSED──> final
 *
 * The answer is one conditional UPDATE `WHERE status IN (allowed)`, so parallel answers cannot both
 * pass a check made on a stale read; an update that matches nothing is explained by `refusal`.
 */
import {
  privacyAnswerStatuses,
  privacyRequestMessages,
  type PrivacyAnswerStatus,
  type PrivacyRequestStatus,
  type PrivacyRequestType,
} from '@fics/contracts';
import { conflict, type AppError } from '../../lib/errors';

/** From which statuses each answer may be given. */
export const answerFrom: Record<PrivacyAnswerStatus, readonly PrivacyRequestStatus[]> = {
  DONE: ['PENDING', 'EXTENDED'],
  REFUSED: ['PENDING', 'EXTENDED'],
  // The one extension (art. 11: "por una sola vez"), from PENDING only, so never twice.
  EXTENDED: ['PENDING'],
};

export const OPEN_STATUSES: readonly PrivacyRequestStatus[] = ['PENDING', 'EXTENDED'];

/**
 * Types that may be extended: all but a blocking, whose 2 business days the law does not let
 * grow (the extension is of the 30 days).
 */
export const extendable = (type: PrivacyRequestType) => type !== 'BLOCKING';

/** The answers an administrator may give now (the queue's dialog offers only these). */
export function allowedAnswers(
  type: PrivacyRequestType,
  status: PrivacyRequestStatus,
): PrivacyAnswerStatus[] {
  return privacyAnswerStatuses.filter(
    (answer) => answerFrom[answer].includes(status) && (answer !== 'EXTENDED' || extendable(type)),
  );
}

/** Why `answer` cannot be given to a request now in `status` (409). */
export function refusal(
  type: PrivacyRequestType,
  status: PrivacyRequestStatus,
  answer: PrivacyAnswerStatus,
): AppError {
  if (status === 'DONE' || status === 'REFUSED') {
    return conflict(privacyRequestMessages.alreadyAnswered);
  }
  if (answer === 'EXTENDED' && !extendable(type)) {
    return conflict(privacyRequestMessages.blockingNotExtendable);
  }
  return conflict(privacyRequestMessages.alreadyExtended);
}
