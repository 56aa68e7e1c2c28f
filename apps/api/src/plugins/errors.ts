import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages, type ErrorResponse } from '@fics/contracts';
import { isDatabaseUnavailable, pgErrorCode } from '../lib/db-errors';
import { AppError, unavailable } from '../lib/errors';

/** Turns a schema path such as '/users/0/email' into the field key 'users.0.email'. */
function fieldKey(instancePath: string, fallback: string): string {
  const key = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return key || fallback;
}

function fromFastifyError(error: FastifyError): { status: number; body: ErrorResponse } {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: Record<string, string> = {};
    for (const issue of error.validation) {
      const key = fieldKey(issue.instancePath, error.validationContext ?? 'body');
      errors[key] ??= issue.message ?? messages.validation;
    }
    return { status: 400, body: { type: 'VALIDATION_ERROR', message: messages.validation, errors } };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: { type: 'VALIDATION_ERROR', message: messages.invalidJson } };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return { status: 413, body: { type: 'PAYLOAD_TOO_LARGE', message: messages.payloadTooLarge } };
    case 'FST_ERR_BAD_URL':
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 400, body: { type: 'VALIDATION_ERROR', message: messages.validation } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return {
        status: 415,
        body: { type: 'UNSUPPORTED_MEDIA_TYPE', message: messages.unsupportedMediaType },
      };
    default:
      break;
  }
  const status = error.statusCode ?? 500;
  if (status === 429) {
    return { status, body: { type: 'RATE_LIMITED', message: messages.rateLimited } };
  }
  if (status === 413) {
    return { status, body: { type: 'PAYLOAD_TOO_LARGE', message: messages.payloadTooLarge } };
  }
  if (status >= 400 && status < 500) {
    // Any other client error Fastify raises (bad content-type header, malformed multipart, ...).
    return { status: 400, body: { type: 'VALIDATION_ERROR', message: messages.validation } };
  }
  return { status: 500, body: { type: 'INTERNAL', message: messages.internal } };
}

/** PostgreSQL refuses NUL in text (22021, 22P05): whichever field carried it, the request was bad. */
function isUnstorableText(error: unknown): boolean {
  const code = pgErrorCode(error);
  return code === '22021' || code === '22P05';
}

/** One error handler and one 404 handler: every failure answers `{ type, message, errors? }`. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((thrown: FastifyError | AppError, request, reply) => {
      let status: number;
      let body: ErrorResponse;
      // A lost or refused database connection is a 503 to retry shortly, not a 500; no detail leaks.
      const unreachable = !(thrown instanceof AppError) && isDatabaseUnavailable(thrown);
      const error = unreachable ? unavailable() : thrown;
      if (error instanceof AppError) {
        status = error.status;
        body = {
          type: error.type,
          message: error.message,
          ...(error.errors ? { errors: error.errors } : {}),
        };
        if (error.headers) {
          void reply.headers(error.headers);
        }
      } else if (isUnstorableText(error)) {
        // Text the database cannot hold (a NUL character) is bad input, not a server failure.
        status = 400;
        body = { type: 'VALIDATION_ERROR', message: messages.validation };
      } else {
        ({ status, body } = fromFastifyError(error));
      }
      if (unreachable) {
        request.log.warn({ err: thrown }, 'database unavailable');
      } else if (status >= 500) {
        request.log.error({ err: error }, 'unhandled error');
      } else {
        request.log.info({ type: body.type, status }, body.message);
      }
      return reply.status(status).type('application/json; charset=utf-8').send(body);
    });
  },
  { name: 'errors' },
);

export function apiNotFound(): ErrorResponse {
  return { type: 'NOT_FOUND', message: messages.routeNotFound };
}

/**
 * Fastify's `frameworkErrors` option: errors raised before routing (a malformed percent-encoding,
 * an over-long path parameter) answer in the one shape instead of Fastify's default body.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const { status, body } = fromFastifyError(error);
  request.log.info({ type: body.type, status, code: error.code }, body.message);
  // Sent without the routes' onSend hooks, so without plugins/cache-control.ts: never kept either.
  void reply
    .status(status)
    .type('application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(body);
}

/**
 * Fastify's `clientErrorHandler` option: a request Node cannot even parse (bad HTTP syntax, huge
 * headers, a client timeout) is answered on the raw socket, in the one shape, then the socket closes.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) {
    return;
  }
  let status = 400;
  let reason = 'Bad Request';
  let body: ErrorResponse = { type: 'VALIDATION_ERROR', message: messages.validation };
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    status = 431;
    reason = 'Request Header Fields Too Large';
    body = { type: 'PAYLOAD_TOO_LARGE', message: messages.payloadTooLarge };
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    reason = 'Request Timeout';
    body = { type: 'UNAVAILABLE', message: messages.unavailable };
  }
  if (socket.writable) {
    const json = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Cache-Control: no-store\r\nContent-Length: ${Buffer.byteLength(json)}\r\n` +
        `Connection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}
