import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import {
  normalizeSecurityIncident,
  securityIncidentFields,
  securityIncidentMessages,
  securityIncidentRuleIssues,
  type CreateSecurityIncidentBody,
  type Paged,
  type SecurityIncident,
  type SecurityIncidentsQuery,
  type SecurityIncidentValues,
  type UpdateSecurityIncidentBody,
} from '@fics/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { securityIncidents, users } from '../../db/schema';
import { conflict, forbidden, notFound, validationError } from '../../lib/errors';
import { readPage } from '../../lib/paging';
// Timestamps set with now() in SQL may come back as strings from a driver: isoDate evens them out.
import { isoDate } from '../../lib/personal-data';
import type { Actor } from '../../plugins/auth';
import { emitEvent } from '../events';

/**
 * The register of security incidents (issue 22.6; Ley 21.719 arts. 14 quinquies and sexies,
 * docs/decisions/privacy.md 'Registro de incidentes de seguridad'): administrators record what
 * happened, whom it touched, what was done and who was told, and keep it up to date. Recording one
 * tells the other administrators (the notifications module, from `security_incident.recorded`).
 */

/** Only administrators keep the register: it says what failed and whom it exposed. */
function assertAdmin(actor: Actor): void {
  if (actor.role !== 'ADMIN') {
    throw forbidden();
  }
}

const columns = {
  id: securityIncidents.id,
  occurredAt: securityIncidents.occurredAt,
  detectedAt: securityIncidents.detectedAt,
  nature: securityIncidents.nature,
  description: securityIncidents.description,
  dataCategories: securityIncidents.dataCategories,
  childrenData: securityIncidents.childrenData,
  affectedCount: securityIncidents.affectedCount,
  affectedDescription: securityIncidents.affectedDescription,
  measures: securityIncidents.measures,
  subjectsNotified: securityIncidents.subjectsNotified,
  subjectsNotifiedAt: securityIncidents.subjectsNotifiedAt,
  subjectsNoticeMethod: securityIncidents.subjectsNoticeMethod,
  agencyNotified: securityIncidents.agencyNotified,
  agencyNotifiedAt: securityIncidents.agencyNotifiedAt,
  status: securityIncidents.status,
  closedAt: sql`${securityIncidents.closedAt}`,
  recordedById: users.id,
  recordedByName: users.name,
  version: securityIncidents.version,
  createdAt: securityIncidents.createdAt,
  updatedAt: securityIncidents.updatedAt,
};

function incidentView(row: Row): SecurityIncident {
  return {
    _id: row.id,
    occurredAt: row.occurredAt.toISOString(),
    detectedAt: row.detectedAt.toISOString(),
    nature: row.nature,
    description: row.description,
    dataCategories: row.dataCategories as SecurityIncident['dataCategories'],
    childrenData: row.childrenData,
    affectedCount: row.affectedCount,
    affectedDescription: row.affectedDescription,
    measures: row.measures,
    subjectsNotified: row.subjectsNotified,
    subjectsNotifiedAt: isoDate(row.subjectsNotifiedAt),
    subjectsNoticeMethod: row.subjectsNoticeMethod,
    agencyNotified: row.agencyNotified,
    agencyNotifiedAt: isoDate(row.agencyNotifiedAt),
    status: row.status,
    closedAt: isoDate(row.closedAt),
    childrenNoticePending: row.childrenData && !row.subjectsNotified,
    recordedBy:
      row.recordedById && row.recordedByName ? { _id: row.recordedById, name: row.recordedByName } : null,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function selectIncidents(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(columns)
    .from(securityIncidents)
    .leftJoin(users, eq(users.id, securityIncidents.recordedBy))
    .where(where)
    .$dynamic();
}

type Row = Awaited<ReturnType<typeof selectIncidents>>[number];

async function findIncident(db: DbOrTx, incidentId: string): Promise<SecurityIncident> {
  const [row] = await selectIncidents(db, eq(securityIncidents.id, incidentId)).limit(1);
  if (!row) {
    throw notFound(securityIncidentMessages.notFound);
  }
  return incidentView(row);
}

/**
 * GET /security-incidents?status&page&limit: the newest incident first (by when it happened), a
 * page at a time in SQL, on security_incidents_occurred_idx or, filtered, _status_idx (the order is
 * spelled as the indexes are: descending, nulls first).
 */
export async function listSecurityIncidents(options: {
  db: DbOrTx;
  actor: Actor;
  query: SecurityIncidentsQuery;
}): Promise<Paged<SecurityIncident>> {
  const { db, actor, query } = options;
  assertAdmin(actor);
  const where = query.status ? eq(securityIncidents.status, query.status) : undefined;
  return readPage({
    query,
    fetch: async ({ limit, offset }) => {
      const rows = await selectIncidents(db, where)
        .orderBy(
          sql`${securityIncidents.occurredAt} desc nulls first`,
          sql`${securityIncidents.id} desc nulls first`,
        )
        .limit(limit)
        .offset(offset);
      return rows.map((row) => incidentView(row));
    },
    count: async () => {
      const [row] = await db.select({ n: count() }).from(securityIncidents).where(where);
      return Number(row?.n ?? 0);
    },
  });
}

/** GET /security-incidents/:id. */
export async function getSecurityIncident(options: {
  db: DbOrTx;
  actor: Actor;
  incidentId: string;
}): Promise<SecurityIncident> {
  assertAdmin(options.actor);
  return findIncident(options.db, options.incidentId);
}

/**
 * POST /security-incidents: the contract checked each field and the rules between them (and dropped
 * the date and method of a notice not given); the table's CHECKs hold them again. One transaction
 * with its `security_incident.recorded` event, which tells the other administrators.
 */
export async function recordSecurityIncident(options: {
  db: Db;
  actor: Actor;
  body: CreateSecurityIncidentBody;
}): Promise<SecurityIncident> {
  const { db, actor, body } = options;
  assertAdmin(actor);
  const incidentId = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(securityIncidents)
      .values({
        ...toColumns(body),
        recordedBy: actor.userId,
        closedAt: body.status === 'CLOSED' ? sql`now()` : null,
      })
      .returning({ id: securityIncidents.id });
    await emitEvent(tx, {
      type: 'security_incident.recorded',
      actor: { userId: actor.userId, role: actor.role },
      payload: {
        incidentId: row!.id,
        occurredAt: body.occurredAt,
        childrenData: body.childrenData,
        affectedCount: body.affectedCount,
      },
    });
    return row!.id;
  });
  return findIncident(db, incidentId);
}

/** The stored values of an incident's fields (dates as Date). */
function toColumns(
  values: SecurityIncidentValues & Omit<CreateSecurityIncidentBody, keyof SecurityIncidentValues>,
) {
  const date = (value: string | null) => (value === null ? null : new Date(value));
  return {
    occurredAt: new Date(values.occurredAt),
    detectedAt: new Date(values.detectedAt),
    nature: values.nature,
    description: values.description,
    dataCategories: [...values.dataCategories],
    childrenData: values.childrenData,
    affectedCount: values.affectedCount,
    affectedDescription: values.affectedDescription,
    measures: values.measures,
    subjectsNotified: values.subjectsNotified,
    subjectsNotifiedAt: date(values.subjectsNotifiedAt),
    subjectsNoticeMethod: values.subjectsNoticeMethod,
    agencyNotified: values.agencyNotified,
    agencyNotifiedAt: date(values.agencyNotifiedAt),
    status: values.status,
  };
}

const editable = securityIncidentFields;

/**
 * PATCH /security-incidents/:id: the fields sent, over the incident as it is. Concurrent edits are
 * settled by the database: the edit names the `version` it read and the UPDATE matches only that
 * version (and bumps it), so of two administrators saving the same incident the second gets 409 and
 * reads the first one's changes instead of silently writing over them (a register kept as evidence
 * must not lose a measure or a notice someone else just wrote; last-write-wins would). The rules
 * between fields are checked on the merged incident (400 per field, nothing saved).
 */
export async function updateSecurityIncident(options: {
  db: Db;
  actor: Actor;
  incidentId: string;
  body: UpdateSecurityIncidentBody;
}): Promise<SecurityIncident> {
  const { db, actor, incidentId, body } = options;
  assertAdmin(actor);
  await db.transaction(async (tx) => {
    const current = await findIncident(tx, incidentId);
    if (current.version !== body.version) {
      throw conflict(securityIncidentMessages.stale);
    }
    const merged = normalizeSecurityIncident({
      ...current,
      ...Object.fromEntries(editable.filter((key) => body[key] !== undefined).map((key) => [key, body[key]])),
    });
    const issues = securityIncidentRuleIssues(merged);
    if (Object.keys(issues).length > 0) {
      throw validationError(issues);
    }
    const changed = editable.filter((key) => JSON.stringify(merged[key]) !== JSON.stringify(current[key]));
    if (changed.length === 0) {
      return;
    }
    const closing = merged.status === 'CLOSED' && current.status !== 'CLOSED';
    const [row] = await tx
      .update(securityIncidents)
      .set({
        ...toColumns(merged),
        closedAt: merged.status === 'OPEN' ? null : closing ? sql`now()` : sql`${securityIncidents.closedAt}`,
        version: sql`${securityIncidents.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(securityIncidents.id, incidentId), eq(securityIncidents.version, body.version)))
      .returning({ id: securityIncidents.id });
    if (!row) {
      // Saved by someone else between the read and this UPDATE (or deleted: there is no deletion).
      throw conflict(securityIncidentMessages.stale);
    }
    await emitEvent(tx, {
      type: 'security_incident.updated',
      actor: { userId: actor.userId, role: actor.role },
      payload: { incidentId, changed: [...changed], status: merged.status },
    });
  });
  return findIncident(db, incidentId);
}
