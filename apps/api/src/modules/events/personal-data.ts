import { sql } from 'drizzle-orm';
import { countAffected, type PersonalDataDeclaration } from '../../lib/personal-data';

/**
 * Domain events name who made a change (actor_id) and, in their payload, the people it concerns
 * (issue 22.1). They are the platform's internal delivery queue, not the person's data to take: the
 * export leaves them out (what they caused is in the activity, notifications and e-mails). Erasing
 * deletes the handled events that name the person and leaves pending ones without their actor (their
 * subscribers still have to run; they go with housekeeping within 30 days of delivery, and any left
 * naming the person when the retention job clears the erasure's traces, within 60 days).
 */
export const eventsPersonalData: PersonalDataDeclaration = {
  module: 'events',
  order: 90,
  tables: [
    {
      table: 'domain_events',
      columns: ['actor_id', 'payload'],
      purpose: 'La cola interna de cambios (quién hizo qué) que reparte avisos, correos y actividad.',
      retention:
        'Hasta 30 días después de repartirse (90 si falló); si se borra tu cuenta, los que te nombran se borran al hacerlo o, a más tardar, a los 60 días.',
    },
  ],
  sections: () => [],
  // Within 60 days of the erasure (issue 22.6): every event still naming them, whatever its state
  // (those pending at the erasure or written by it have been delivered long before; a given-up one
  // would otherwise stay 90 days).
  clearTraces: async ({ tx, userId, email }) => ({
    domain_events: await countAffected(
      tx,
      sql`delete from domain_events where actor_id = ${userId} or strpos(payload::text, ${userId}) > 0
          or strpos(payload::text, ${JSON.stringify(email).slice(1, -1)}) > 0`,
    ),
  }),
  erase: async ({ tx, userId, email }) => {
    const names = sql`(actor_id = ${userId} or strpos(payload::text, ${userId}) > 0 or strpos(payload::text, ${JSON.stringify(email).slice(1, -1)}) > 0)`;
    return {
      domain_events:
        (await countAffected(tx, sql`delete from domain_events where status <> 'PENDING' and ${names}`)) +
        (await countAffected(
          tx,
          sql`update domain_events set actor_id = null where status = 'PENDING' and actor_id = ${userId}`,
        )),
    };
  },
};
