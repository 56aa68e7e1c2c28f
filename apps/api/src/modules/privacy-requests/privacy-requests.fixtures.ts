import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { PrivacyRequest, PrivacyRequestReceipt } from '@fics/contracts';
import { mailOutbox, notifications } from '../../db/schema';

/** Test data and calls for the privacy request endpoints. */

type Headers = Record<string, string> | null;

let ipCounter = 0;
/** A fresh client address per call, so the per-address limit never mixes tests. */
export const nextIp = () => {
  ipCounter += 1;
  return `203.0.113.${ipCounter % 250}`;
};

let emailCounter = 0;
export const parentEmail = () => {
  emailCounter += 1;
  return `apoderada${emailCounter}-${Date.now().toString(36)}@correo.test`;
};

export const DETAIL = 'Quiero saber qué datos de mi hija guardan en Fics';
export const ANSWER = 'Te enviamos el archivo con todos sus datos adjunto a este correo';

export function file(app: FastifyInstance, headers: Headers, payload: unknown, remoteAddress = nextIp()) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/privacy-requests',
    headers: headers ?? undefined,
    payload: payload as object,
    remoteAddress,
  });
}

export function confirm(app: FastifyInstance, token: unknown) {
  return app.inject({ method: 'POST', url: '/api/v1/privacy-requests/confirm', payload: { token } });
}

export function answer(app: FastifyInstance, headers: Headers, id: string, payload: unknown) {
  return app.inject({
    method: 'PATCH',
    url: `/api/v1/privacy-requests/${id}`,
    headers: headers ?? undefined,
    payload: payload as object,
  });
}

export function get(app: FastifyInstance, headers: Headers, url: string) {
  return app.inject({ method: 'GET', url: `/api/v1${url}`, headers: headers ?? undefined });
}

/** Files a request as a signed-in user; answers its receipt. */
export async function fileAs(
  app: FastifyInstance,
  headers: Headers,
  body: Record<string, unknown> = {},
): Promise<PrivacyRequestReceipt> {
  const res = await file(app, headers, { type: 'ACCESS', detail: DETAIL, ...body });
  if (res.statusCode !== 201) {
    throw new Error(`filing answered ${res.statusCode}: ${res.body}`);
  }
  return res.json<{ request: PrivacyRequestReceipt }>().request;
}

export function mailsTo(app: FastifyInstance, to: string, kind?: string) {
  return app.db
    .select()
    .from(mailOutbox)
    .where(kind ? and(eq(mailOutbox.to, to), eq(mailOutbox.kind, kind)) : eq(mailOutbox.to, to));
}

/** The token of the confirmation link e-mailed to `to` (the last one). */
export async function linkTokenFor(app: FastifyInstance, to: string): Promise<string> {
  const mails = await mailsTo(app, to, 'privacy-confirm');
  const text = mails.at(-1)?.text ?? '';
  const match = /confirmar=([\w-]+)/.exec(text);
  if (!match) {
    throw new Error(`no confirmation link to ${to}`);
  }
  return decodeURIComponent(match[1]!);
}

export function notificationsOf(app: FastifyInstance, userId: string, type: string) {
  return app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type as 'PRIVACY_REQUEST_DUE')));
}

export async function queue(app: FastifyInstance, headers: Headers, query = '') {
  const res = await get(app, headers, `/privacy-requests${query}`);
  if (res.statusCode !== 200) {
    throw new Error(`queue answered ${res.statusCode}: ${res.body}`);
  }
  return res.json<{ requests: { docs: PrivacyRequest[]; totalDocs: number } }>().requests;
}
