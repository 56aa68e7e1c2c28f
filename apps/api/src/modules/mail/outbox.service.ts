import type { DbOrTx } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Template name, for logs and tests ('recovery', 'invitation', ...). */
  kind: string;
}

/**
 * Queues a message in the outbox. Pass the transaction that makes the change the mail announces,
 * so the message exists exactly when the change does; the dispatcher sends it afterwards.
 */
export async function enqueueMail(options: { db: DbOrTx; mail: OutgoingMail }): Promise<string> {
  const [row] = await options.db.insert(mailOutbox).values(options.mail).returning({ id: mailOutbox.id });
  return row!.id;
}

/**
 * Queues a message a subscriber writes for a domain event (a request handled, an e-mail changed),
 * in the delivery's transaction. Delivery is at least once: a redelivered event finds its message
 * of that kind already queued (mail_outbox_event_kind_idx) and queues nothing.
 */
export async function enqueueEventMail(options: {
  db: DbOrTx;
  eventId: number;
  mail: OutgoingMail;
}): Promise<void> {
  await options.db
    .insert(mailOutbox)
    .values({ ...options.mail, eventId: options.eventId })
    .onConflictDoNothing({ target: [mailOutbox.eventId, mailOutbox.kind] });
}

/** Queues many messages with one statement (bulk imports). */
export async function enqueueMails(options: { db: DbOrTx; mails: OutgoingMail[] }): Promise<void> {
  if (options.mails.length > 0) {
    await options.db.insert(mailOutbox).values(options.mails);
  }
}
