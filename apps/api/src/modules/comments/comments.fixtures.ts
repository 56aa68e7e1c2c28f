import type { FastifyInstance } from 'fastify';
import type { Comment, Paged, Reply } from '@fics/contracts';
import { commentRateKeys } from './comment-access';
import { publishedStory, storyWorld } from '../stories/stories.fixtures';

/** Test data and calls for the comment endpoints. */

type Headers = Record<string, string>;

/** storyWorld with one fic written by `author` (grade A1) and published by `teacher`. */
export async function commentWorld(app: FastifyInstance) {
  const w = await storyWorld(app);
  const { story } = await publishedStory(app, w);
  return { ...w, story };
}

/**
 * Forgets the users' writing counters, so tests that are not about the rate limit can write as much
 * as they need within a minute.
 */
export async function forgetCommentLimits(app: FastifyInstance, users: { id: string }[]): Promise<void> {
  for (const user of users) {
    for (const key of commentRateKeys(user.id)) {
      await app.rateLimiter.reset(key);
    }
  }
}

export function postComment(app: FastifyInstance, headers: Headers, storyId: string, text: string) {
  return app.inject({ method: 'POST', url: '/api/v1/comments', headers, payload: { storyId, text } });
}

/**
 * A default text never written before in this process: the same text twice in a row is refused
 * (docs/decisions/social.md), and tests write many comments without caring what they say.
 */
let written = 0;
const freshText = (text: string) => `<p>${text} (${(written += 1)})</p>`;

/** Writes a comment through the API and returns it (fails the test if refused). */
export async function addComment(
  app: FastifyInstance,
  writer: { headers: Headers },
  storyId: string,
  text = freshText('Me encantó tu fic'),
): Promise<Comment> {
  const res = await postComment(app, writer.headers, storyId, text);
  if (res.statusCode !== 201) {
    throw new Error(`POST /comments answered ${res.statusCode}: ${res.body}`);
  }
  return res.json<{ comment: Comment }>().comment;
}

export async function getComments(app: FastifyInstance, headers: Headers, storyId: string, query = '') {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/comments?storyId=${storyId}${query}`,
    headers,
  });
  return { res, page: res.statusCode === 200 ? res.json<{ comments: Paged<Comment> }>().comments : null };
}

export function patchComment(app: FastifyInstance, headers: Headers, commentId: string, text: string) {
  return app.inject({ method: 'PATCH', url: `/api/v1/comments/${commentId}`, headers, payload: { text } });
}

export function removeComment(app: FastifyInstance, headers: Headers, commentId: string) {
  return app.inject({ method: 'DELETE', url: `/api/v1/comments/${commentId}`, headers });
}

export function postReply(app: FastifyInstance, headers: Headers, commentId: string, text: string) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/comments/${commentId}/replies`,
    headers,
    payload: { text },
  });
}

/** Writes a reply through the API and returns it (fails the test if refused). */
export async function addReply(
  app: FastifyInstance,
  writer: { headers: Headers },
  commentId: string,
  text = freshText('¡Gracias!'),
): Promise<Reply> {
  const res = await postReply(app, writer.headers, commentId, text);
  if (res.statusCode !== 201) {
    throw new Error(`POST /comments/:id/replies answered ${res.statusCode}: ${res.body}`);
  }
  return res.json<{ reply: Reply }>().reply;
}

export async function getReplies(app: FastifyInstance, headers: Headers, commentId: string, query = '') {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/comments/${commentId}/replies${query}`,
    headers,
  });
  return { res, page: res.statusCode === 200 ? res.json<{ replies: Paged<Reply> }>().replies : null };
}

export function patchReply(
  app: FastifyInstance,
  headers: Headers,
  commentId: string,
  replyId: string,
  text: string,
) {
  return app.inject({
    method: 'PATCH',
    url: `/api/v1/comments/${commentId}/replies/${replyId}`,
    headers,
    payload: { text },
  });
}

export function removeReply(app: FastifyInstance, headers: Headers, commentId: string, replyId: string) {
  return app.inject({ method: 'DELETE', url: `/api/v1/comments/${commentId}/replies/${replyId}`, headers });
}
