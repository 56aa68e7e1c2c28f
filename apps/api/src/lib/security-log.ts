import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { hashToken } from './crypto';

/** The account events an operator watches for (README, Security events). */
export type SecurityEventName =
  | 'login'
  | 'refresh-token-reuse'
  | 'password-reset'
  | 'logout-all'
  | 'role-change'
  | 'email-change'
  | 'account-deletion';

export interface SecurityEvent {
  event: SecurityEventName;
  /** 'success', or why it failed ('bad-credentials', 'rate-limited', …). */
  outcome: string;
  /** The account concerned, when known. */
  userId?: string | null;
  /** Who did it, when not the account itself (an administrator, a teacher). */
  actorId?: string;
  /**
   * A failed login names no account id (the e-mail may not exist): a short hash of the e-mail lets
   * repeated attempts on one account be grouped without writing a child's address to the log.
   */
  account?: string;
  /** Event-specific facts that are never secret (the old and new role). */
  details?: Record<string, string>;
}

export type SecurityLog = (event: SecurityEvent) => void;

/** A short, stable tag of an e-mail for the log (not reversible, not the address). */
export const accountTag = (email: string) => hashToken(email.trim().toLowerCase()).slice(0, 16);

/**
 * One structured line per security event, with the client's address and the request id, at `info`
 * level under the `security` key: `{"security":{"event":"login","outcome":"success","userId":…,"ip":…}}`.
 * Passwords and tokens never go in: the events carry ids, outcomes and addresses only.
 */
export function securityLogFor(request: FastifyRequest): SecurityLog {
  return (event) => writeSecurityEvent(request.log, request.ip, event);
}

export function writeSecurityEvent(log: FastifyBaseLogger, ip: string, event: SecurityEvent): void {
  log.info({ security: { ...event, ip } }, `seguridad: ${event.event} ${event.outcome}`);
}
