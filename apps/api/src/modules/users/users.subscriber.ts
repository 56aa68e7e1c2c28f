import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { EventSubscriber } from '../events';
import { emailChangedMail, enqueueEventMail } from '../mail';

/**
 * The users module's mail that announces a change (docs/decisions/events.md, "Which e-mails are
 * subscribers"): the old address of an account is told its e-mail changed. Idempotent through the
 * outbox's (event, kind) key. An account deleted before the delivery is told nothing: there is no
 * account left whose change to announce.
 */
export const usersMailSubscriber: EventSubscriber = {
  name: 'users-mail',
  types: ['user.email_changed'],
  async handle(tx, event) {
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
