import { pageOf, type SecurityIncident } from '@fics/contracts';
import type { Handler } from '../../test/utils';

/** Test data for the register of security incidents (issue 22.6). */

export const uuid = (n: number) => `5e1c0000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function makeIncident(n: number, overrides: Partial<SecurityIncident> = {}): SecurityIncident {
  return {
    _id: uuid(n),
    occurredAt: '2025-10-01T13:00:00.000Z',
    detectedAt: '2025-10-01T15:30:00.000Z',
    nature: 'CONFIDENTIALITY',
    description: `Una planilla de notas quedó compartida con un enlace público (${n}).`,
    dataCategories: ['IDENTIFICATION', 'EVALUATIONS'],
    childrenData: false,
    affectedCount: 30,
    affectedDescription: 'Estudiantes de 5° básico A',
    measures: 'Se quitó el enlace y se revisaron los accesos.',
    subjectsNotified: false,
    subjectsNotifiedAt: null,
    subjectsNoticeMethod: null,
    agencyNotified: false,
    agencyNotifiedAt: null,
    status: 'OPEN',
    closedAt: null,
    childrenNoticePending: false,
    recordedBy: { _id: uuid(900), name: 'Ana Administradora' },
    version: 1,
    createdAt: '2025-10-01T16:00:00.000Z',
    updatedAt: '2025-10-01T16:00:00.000Z',
    ...overrides,
  };
}

/** A server that filters by status and pages, as GET /security-incidents does. */
export function incidentsHandler(all: SecurityIncident[], seen: URLSearchParams[] = []): Handler {
  return ({ query }) => {
    seen.push(new URLSearchParams(query));
    const status = query.get('status');
    const page = Number(query.get('page') ?? 1);
    const limit = Number(query.get('limit') ?? 20);
    const matching = all.filter((incident) => !status || incident.status === status);
    return {
      body: {
        incidents: pageOf(matching.slice((page - 1) * limit, page * limit), { page, limit }, matching.length),
      },
    };
  };
}
