import type { FastifyRequest } from 'fastify';

/** What stands in the logs for a secret that was taken out. */
export const REDACTED = '[oculto]';

/** Query parameters whose values never reach a log: tokens of any kind, passwords, secrets. */
const SECRET_PARAM = /token|password|secret/i;

/**
 * The URL as it may be logged: the recovery or invitation token of `/password-recovery/<token>`
 * (the page e-mailed links open) and the value of any query parameter named like a token, password or
 * secret are replaced with `[oculto]`. Everything else, the path included, stays as it came.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const pathPart = queryAt === -1 ? url : url.slice(0, queryAt);
  const path = pathPart.replace(/(\/password-recovery\/)[^/?#]+/gi, `$1${REDACTED}`);
  if (queryAt === -1) {
    return path;
  }
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      return equals !== -1 && SECRET_PARAM.test(safeDecode(rawName)) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

/**
 * Pino options for the request logger: Fastify's request fields with the URL redacted (redactUrl),
 * and the credential headers redacted should a log line ever carry them (the request serializer
 * leaves headers out). Request bodies, where setPassword and checkRecoveryToken carry the token, are
 * not logged at all.
 */
export function requestLoggerOptions(level: string) {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-api-key"]',
        'res.headers["set-cookie"]',
      ],
      censor: REDACTED,
    },
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        };
      },
    },
  };
}
