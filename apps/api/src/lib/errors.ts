import { errorStatus, messages, type ErrorType } from '@fics/contracts';

/** The one error type services throw; the error handler maps its type to an HTTP status. */
export class AppError extends Error {
  readonly type: ErrorType;
  readonly errors: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    type: ErrorType,
    message: string,
    options: { errors?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.type = type;
    this.errors = options.errors;
    this.headers = options.headers;
  }

  get status(): number {
    return errorStatus[this.type];
  }
}

export const validationError = (errors: Record<string, string>, message: string = messages.validation) =>
  new AppError('VALIDATION_ERROR', message, { errors });
export const unauthorized = (message: string = messages.unauthorized) =>
  new AppError('UNAUTHORIZED', message);
export const forbidden = (message: string = messages.forbidden) => new AppError('FORBIDDEN', message);
export const notFound = (message: string = messages.notFound) => new AppError('NOT_FOUND', message);
export const conflict = (message: string, errors?: Record<string, string>) =>
  new AppError('CONFLICT', message, { errors });
export const tooLarge = (message: string = messages.payloadTooLarge) =>
  new AppError('PAYLOAD_TOO_LARGE', message);
export const rateLimited = (retryAfterSeconds: number, message: string = messages.rateLimited) =>
  new AppError('RATE_LIMITED', message, {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });

/** Seconds a client is asked to wait (Retry-After) when the database cannot be reached. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 3;

/** 503: the service cannot answer right now (its database is unreachable); try again shortly. */
export const unavailable = (message: string = messages.unavailable) =>
  new AppError('UNAVAILABLE', message, {
    headers: { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
  });
