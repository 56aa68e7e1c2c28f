import { and, eq, isNull } from 'drizzle-orm';
import { privacyComplaintNotice, privacyRequestLimits, privacyRequestTypeLabels } from '@fics/contracts';
import type { DbOrTx } from '../../db/client';
import { privacyRequests } from '../../db/schema';
import { hashToken, randomToken } from '../../lib/crypto';
import type { DomainEvent, EventSubscriber } from '../events';
import { enqueueEventMail, privacyAnswerMail, privacyConfirmMail, type OutgoingMail } from '../mail';

/**
 * The page a parent's link opens: the privacy policy, which explains the rights, with the
 * confirmation on top (apps/web: features/policies and features/privacy-requests).
 */
export const CONFIRM_PATH = '/terminos-condiciones?tab=privacidad&confirmar=';

/**
 * A parent's confirmation link. The secret is minted here, at delivery, and only its hash is stored
 * (on a request still unconfirmed and without one): it never sits in the event's payload, which
 * every subscriber reads and housekeeping keeps for a month, and the outbox clears a sent body. A
 * delivery that rolls back takes its hash with it; the next one mints another.
 */
async function confirmationMail(
  tx: DbOrTx,
  requestId: string,
  publicUrl: string,
): Promise<OutgoingMail | null> {
  const token = randomToken();
  const [row] = await tx
    .update(privacyRequests)
    .set({ confirmTokenHash: hashToken(token) })
    .where(
      and(
        eq(privacyRequests.id, requestId),
        isNull(privacyRequests.confirmedAt),
        isNull(privacyRequests.confirmTokenHash),
      ),
    )
    .returning({ email: privacyRequests.email, type: privacyRequests.type });
  if (!row) {
    return null;
  }
  return privacyConfirmMail({
    to: row.email,
    typeLabel: privacyRequestTypeLabels[row.type],
    link: `${publicUrl}${CONFIRM_PATH}${encodeURIComponent(token)}`,
    hours: privacyRequestLimits.confirmHours,
  });
}

/** The answer (or the extension) as it was recorded, to the address the request gave. */
async function answerMail(
  tx: DbOrTx,
  requestId: string,
  outcome: 'DONE' | 'REFUSED' | 'EXTENDED',
  publicUrl: string,
): Promise<OutgoingMail | null> {
  const [row] = await tx
    .select({
      email: privacyRequests.email,
      type: privacyRequests.type,
      userId: privacyRequests.userId,
      answer: privacyRequests.answer,
      extensionReason: privacyRequests.extensionReason,
      dueAt: privacyRequests.dueAt,
    })
    .from(privacyRequests)
    .where(eq(privacyRequests.id, requestId))
    .limit(1);
  const text = outcome === 'EXTENDED' ? row?.extensionReason : row?.answer;
  if (!row || !text || !row.dueAt) {
    return null;
  }
  return privacyAnswerMail({
    to: row.email,
    typeLabel: privacyRequestTypeLabels[row.type],
    outcome,
    answer: text,
    dueAt: row.dueAt,
    complaintNotice: privacyComplaintNotice,
    // An account reads its requests on its profile; a parent has the rights page.
    link: `${publicUrl}${row.userId ? '/perfil' : '/terminos-condiciones'}`,
  });
}

async function mailFor(tx: DbOrTx, event: DomainEvent, publicUrl: string): Promise<OutgoingMail | null> {
  switch (event.type) {
    case 'privacy_request.created':
      return event.payload.confirmed ? null : confirmationMail(tx, event.payload.requestId, publicUrl);
    case 'privacy_request.answered':
      return answerMail(tx, event.payload.requestId, event.payload.status, publicUrl);
    case 'privacy_request.extended':
      return answerMail(tx, event.payload.requestId, 'EXTENDED', publicUrl);
    default:
      return null;
  }
}

/**
 * The e-mails of requests under Ley 21.719: a parent's confirmation link, and every answer (done,
 * refused, extended) with the notice of art. 11. Idempotent through the outbox's (event, kind) key.
 */
export const privacyRequestsMailSubscriber: EventSubscriber = {
  name: 'privacy-requests-mail',
  types: ['privacy_request.created', 'privacy_request.answered', 'privacy_request.extended'],
  async handle(tx, event, context) {
    const mail = await mailFor(tx, event, context.publicUrl);
    if (mail) {
      await enqueueEventMail({ db: tx, eventId: event.id, mail });
    }
  },
};
