import type { FastifyInstance } from 'fastify';
import type { BlockedUser, Paged } from '@fics/contracts';

/** Calls of the block endpoints for tests. */

type Headers = Record<string, string>;

export function postBlock(app: FastifyInstance, headers: Headers, userId: unknown) {
  return app.inject({ method: 'POST', url: '/api/v1/blocks', headers, payload: { userId } });
}

export function deleteBlock(app: FastifyInstance, headers: Headers, userId: string) {
  return app.inject({ method: 'DELETE', url: `/api/v1/blocks/${userId}`, headers });
}

export async function getBlocks(app: FastifyInstance, headers: Headers, query = '') {
  const res = await app.inject({ method: 'GET', url: `/api/v1/blocks${query}`, headers });
  return { res, page: res.statusCode === 200 ? res.json<{ blocks: Paged<BlockedUser> }>().blocks : null };
}
