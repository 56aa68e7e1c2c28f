import { eq } from 'drizzle-orm';
import { gradeLabel } from '@fics/contracts';
import type { DbOrTx } from '../../db/client';
import { changeRequests, colleges, grades, registerRequests, users } from '../../db/schema';
import type { DomainEvent, EventSubscriber } from '../events';
import {
  changeApprovedMail,
  changeDeniedMail,
  enqueueEventMail,
  registerDeniedMail,
  type OutgoingMail,
} from '../mail';

/**
 * The e-mail that tells an applicant how their request was handled (docs/decisions/events.md,
 * "Which e-mails are subscribers"), read back from the handled request: its comment, the school and
 * grade it moved the student to, the address to write to. An accepted registration's e-mail is its
 * invitation, which carries a secret link and is queued by the acceptance itself, not here.
 */
async function resultMail(tx: DbOrTx, event: DomainEvent, link: string): Promise<OutgoingMail | null> {
  if (event.type !== 'request.handled') {
    return null;
  }
  const { requestId, kind, accepted } = event.payload;
  if (kind === 'REGISTER') {
    if (accepted) {
      return null;
    }
    const [request] = await tx
      .select({
        email: registerRequests.email,
        name: registerRequests.name,
        comments: registerRequests.adminComments,
      })
      .from(registerRequests)
      .where(eq(registerRequests.id, requestId))
      .limit(1);
    return request
      ? registerDeniedMail({ to: request.email, name: request.name, comments: request.comments, link })
      : null;
  }
  // The student as they are now (an account deleted meanwhile took its requests with it).
  const [request] = await tx
    .select({
      email: users.email,
      name: users.name,
      comments: changeRequests.adminComments,
      collegeName: colleges.name,
      grade: { level: grades.level, cicle: grades.cicle, name: grades.name },
    })
    .from(changeRequests)
    .innerJoin(users, eq(users.id, changeRequests.userId))
    .leftJoin(grades, eq(grades.id, changeRequests.gradeId))
    .leftJoin(colleges, eq(colleges.id, grades.collegeId))
    .where(eq(changeRequests.id, requestId))
    .limit(1);
  if (!request) {
    return null;
  }
  if (!accepted) {
    return changeDeniedMail({ to: request.email, name: request.name, comments: request.comments, link });
  }
  // A grade deleted since the move leaves nothing true to announce.
  if (!request.grade || request.collegeName === null) {
    return null;
  }
  return changeApprovedMail({
    to: request.email,
    name: request.name,
    collegeName: request.collegeName,
    gradeName: gradeLabel(request.grade),
    comments: request.comments,
    link,
  });
}

/** E-mails the applicant the outcome of their request; idempotent through the outbox's (event, kind) key. */
export const requestsMailSubscriber: EventSubscriber = {
  name: 'requests-mail',
  types: ['request.handled'],
  async handle(tx, event, context) {
    const mail = await resultMail(tx, event, context.publicUrl);
    if (mail) {
      await enqueueEventMail({ db: tx, eventId: event.id, mail });
    }
  },
};
