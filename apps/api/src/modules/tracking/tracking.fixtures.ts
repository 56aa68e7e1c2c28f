import type { FastifyInstance } from 'fastify';
import { asc, desc, eq } from 'drizzle-orm';
import type { Paged, TrackingRecord } from '@fics/contracts';
import { trackingEvents } from '../../db/schema';

/** Test data and calls for the activity endpoints. */

/** The user's recorded events, oldest first, as `RESOURCE.ACTION` lines with their details. */
export async function eventsOf(app: FastifyInstance, userId: string) {
  const rows = await app.db
    .select()
    .from(trackingEvents)
    .where(eq(trackingEvents.userId, userId))
    .orderBy(asc(trackingEvents.createdAt), desc(trackingEvents.id));
  return rows.map((row) => ({
    event: `${row.resource}.${row.action}`,
    storyId: row.storyId,
    storyTitle: row.storyTitle,
    writingTime: row.writingTime,
  }));
}

/** Just the `RESOURCE.ACTION` keys of the user's events, oldest first. */
export async function eventKeysOf(app: FastifyInstance, userId: string): Promise<string[]> {
  return (await eventsOf(app, userId)).map((row) => row.event);
}

export function postTracking(app: FastifyInstance, headers: Record<string, string>, payload: unknown) {
  return app.inject({ method: 'POST', url: '/api/v1/tracking', headers, payload: payload as object });
}

export function readTracking(
  app: FastifyInstance,
  headers: Record<string, string>,
  userId: string,
  query = '',
) {
  return app.inject({ method: 'GET', url: `/api/v1/tracking/${userId}${query}`, headers });
}

/** GET /tracking/:userId's page (fails the test if the API refuses). */
export async function trackingPage(
  app: FastifyInstance,
  headers: Record<string, string>,
  userId: string,
  query = '',
): Promise<Paged<TrackingRecord>> {
  const res = await readTracking(app, headers, userId, query);
  if (res.statusCode !== 200) {
    throw new Error(`GET /tracking answered ${res.statusCode}: ${res.body}`);
  }
  return res.json<{ tracking: Paged<TrackingRecord> }>().tracking;
}
