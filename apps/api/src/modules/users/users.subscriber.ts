import { and, eq, isNotNull } from 'drizzle-orm';
import { userRetention, users } from '../../db/schema';
import type { EventSubscriber } from '../events';
import { emailChangedMail, enqueueEventMail, guardianConsentMail, retentionNoticeMail } from '../mail';
import { CONSENT_LINK_DAYS, CONSENT_PATH, issueConsentToken } from './guardian-consent.service';

/**
 * The users module's mail that announces a change (docs/decisions/events.md, "Which e-mails are
 * subscribers"): the old address of an account is told its e-mail changed. Idempotent through the
 * outbox's (event, kind) key. An account deleted before the delivery is told nothing: there is no
 * account left whose change to announce. A guardian asked for consent (issue 22.5) gets the notice
 * with the link, whose token is issued here, once: a redelivery finds it issued and sends nothing.
 * An account unused for almost 6 years is told when it will be erased (issue 22.6).
 */
export const usersMailSubscriber: EventSubscriber = {
  name: 'users-mail',
  types: ['user.email_changed', 'guardian_consent.requested', 'user.retention_notice_due'],
  async handle(tx, event, context) {
    if (event.type === 'user.retention_notice_due') {
      // Read back at delivery: an account that signed in meanwhile (the mark cleared) or is gone is
      // told nothing. The link leads to the profile, where 'Mis datos' is, through the login.
      const [user] = await tx
        .select({ name: users.name, email: users.email })
        .from(users)
        .innerJoin(userRetention, eq(userRetention.userId, users.id))
        .where(and(eq(users.id, event.payload.userId), isNotNull(userRetention.noticeAt)))
        .limit(1);
      if (user) {
        await enqueueEventMail({
          db: tx,
          eventId: event.id,
          mail: retentionNoticeMail({
            to: user.email,
            name: user.name,
            eraseOn: event.payload.eraseOn,
            link: `${context.publicUrl}/perfil`,
          }),
        });
      }
      return;
    }
    if (event.type === 'guardian_consent.requested') {
      const issued = await issueConsentToken(tx, event.payload.consentId);
      if (issued) {
        await enqueueEventMail({
          db: tx,
          eventId: event.id,
          mail: guardianConsentMail({
            to: issued.guardianEmail,
            studentName: issued.studentName,
            college: issued.college,
            link: `${context.publicUrl}${CONSENT_PATH}/${issued.token}`,
            days: CONSENT_LINK_DAYS,
          }),
        });
      }
      return;
    }
    if (event.type !== 'user.email_changed') {
      return;
    }
    const [user] = await tx
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, event.payload.userId))
      .limit(1);
    if (!user) {
      return;
    }
    await enqueueEventMail({
      db: tx,
      eventId: event.id,
      mail: emailChangedMail({
        to: event.payload.previousEmail,
        name: user.name,
        newEmail: event.payload.newEmail,
      }),
    });
  },
};
