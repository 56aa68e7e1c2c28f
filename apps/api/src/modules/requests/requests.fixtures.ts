import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { ChangeRequest, RegisterRequest } from '@fics/contracts';
import { mailOutbox } from '../../db/schema';
import { schoolWorld } from '../users/users.fixtures';

/** Test data and calls for the request endpoints. */

type Headers = Record<string, string> | null;

let ipCounter = 0;
/** A fresh client address per call, so the per-address limit never mixes tests. */
export const nextIp = () => {
  ipCounter += 1;
  return `198.51.100.${ipCounter % 250}`;
};

let emailCounter = 0;
export const freshEmail = (prefix = 'postulante') => {
  emailCounter += 1;
  return `${prefix}${emailCounter}-${Date.now().toString(36)}@correo.test`;
};

export type World = Awaited<ReturnType<typeof schoolWorld>>;

/** Everything a registration request needs, listed school and grade (A, A1), as a teacher. */
export function registerBody(w: World, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    email: freshEmail(),
    name: 'Valentina Rojas',
    role: w.roleIds.TEACHER,
    collegeId: w.collegeA,
    gradeId: w.gradeA1,
    userComment: 'Soy docente de lenguaje del colegio',
    ...overrides,
  };
}

/** A change request body to school B, grade B1. */
export function changeBody(w: World, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    collegeId: w.collegeB,
    gradeId: w.gradeB1,
    studentExplanation: 'Me cambié de casa y ahora estudio en otro liceo',
    ...overrides,
  };
}

export function postRegister(app: FastifyInstance, payload: unknown, remoteAddress = nextIp()) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/register-requests',
    payload: payload as object,
    remoteAddress,
  });
}

export function postChange(app: FastifyInstance, headers: Headers, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/change-requests',
    headers: headers ?? undefined,
    payload: payload as object,
  });
}

export function get(app: FastifyInstance, headers: Headers, url: string) {
  return app.inject({ method: 'GET', url: `/api/v1${url}`, headers: headers ?? undefined });
}

export function patch(app: FastifyInstance, headers: Headers, url: string, payload?: unknown) {
  return app.inject({
    method: 'PATCH',
    url: `/api/v1${url}`,
    headers: headers ?? undefined,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** Sends a registration request and returns it as the pending list shows it. */
export async function registerRequest(
  app: FastifyInstance,
  w: World,
  overrides: Record<string, unknown> = {},
): Promise<RegisterRequest> {
  const body = registerBody(w, overrides);
  const res = await postRegister(app, body);
  if (res.statusCode !== 201) {
    throw new Error(`POST /register-requests answered ${res.statusCode}: ${res.body}`);
  }
  const list = await get(app, w.admin.headers, '/register-requests/pendings');
  const found = list.json<{ requests: RegisterRequest[] }>().requests.find((r) => r.email === body.email);
  if (!found) {
    throw new Error('the request sent is not in the pending list');
  }
  return found;
}

/** Sends a change request as `headers` and returns it. */
export async function changeRequest(
  app: FastifyInstance,
  headers: Record<string, string>,
  w: World,
  overrides: Record<string, unknown> = {},
): Promise<ChangeRequest> {
  const res = await postChange(app, headers, changeBody(w, overrides));
  if (res.statusCode !== 201) {
    throw new Error(`POST /change-requests answered ${res.statusCode}: ${res.body}`);
  }
  return res.json<{ request: ChangeRequest }>().request;
}

/** The outbox messages of one kind to one address. */
export function mailsTo(app: FastifyInstance, to: string, kind: string) {
  return app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, kind)));
}

export { schoolWorld };
