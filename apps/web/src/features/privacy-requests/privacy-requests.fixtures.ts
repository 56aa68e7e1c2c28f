import { pageOf, type PrivacyRequest } from '@fics/contracts';
import type { Handler } from '../../test/utils';

/** Test data for the requests under Ley 21.719 (issue 22.3). */

export const uuid = (n: number) => `7a2b3c4d-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function makeRequest(n: number, overrides: Partial<PrivacyRequest> = {}): PrivacyRequest {
  return {
    _id: uuid(n),
    type: 'ACCESS',
    status: 'PENDING',
    detail: `Quiero saber qué datos guardan de mi hija (${n})`,
    email: `apoderada${n}@correo.test`,
    requester: null,
    account: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    confirmedAt: '2026-11-20T10:05:00.000Z',
    dueAt: '2026-12-20',
    extensionReason: null,
    answer: null,
    answeredAt: null,
    answeredBy: null,
    dueSoon: false,
    overdue: false,
    allowedAnswers: ['DONE', 'EXTENDED', 'REFUSED'],
    ...overrides,
  };
}

/** A server that filters by status (OPEN: pending and extended) and pages, as GET /privacy-requests does. */
export function queueHandler(all: PrivacyRequest[], seen: URLSearchParams[] = []): Handler {
  return ({ query }) => {
    seen.push(new URLSearchParams(query));
    const status = query.get('status');
    const page = Number(query.get('page') ?? 1);
    const limit = Number(query.get('limit') ?? 20);
    const matching = all.filter((r) =>
      !status
        ? true
        : status === 'OPEN'
          ? r.status === 'PENDING' || r.status === 'EXTENDED'
          : r.status === status,
    );
    return {
      body: {
        requests: pageOf(matching.slice((page - 1) * limit, page * limit), { page, limit }, matching.length),
      },
    };
  };
}
