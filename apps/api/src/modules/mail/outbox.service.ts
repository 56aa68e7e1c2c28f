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

/** Queues many messages with one statement (bulk imports). */
export async function enqueueMails(options: { db: DbOrTx; mails: OutgoingMail[] }): Promise<void> {
  if (options.mails.length > 0) {
    await options.db.insert(mailOutbox).values(options.mails);
  }
}
