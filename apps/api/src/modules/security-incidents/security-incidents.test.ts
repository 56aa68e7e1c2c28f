import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  pagingMessages,
  securityIncidentMessages,
  type Paged,
  type SecurityIncident,
  type SecurityIncidentInput,
} from '@fics/contracts';
import { notifications, securityIncidents } from '../../db/schema';
import { eraseEverything } from '../../lib/personal-data';
import { storedEvents } from '../../test/domain-events';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { member, schoolWorld } from '../users/users.fixtures';
import { securityIncidentsPersonalData } from './personal-data';

/**
 * The register of security incidents (issue 22.6) on the real app and database: administrators only;
 * each field checked in Spanish and the rules between them (a notice has its date, children's data
 * are told before closing), also by the table's CHECKs; paged newest first in SQL; concurrent edits
 * settled by the version; the other administrators told; the recorder's erasure keeps the incident.
 */

type Headers = Record<string, string>;

let t: TestApp;
let w: Awaited<ReturnType<typeof schoolWorld>>;
let colleague: Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  t = await buildTestApp();
  w = await schoolWorld(t.app);
  colleague = await member(t.app, 'ADMIN', [], { name: 'Beatriz Administradora' });
});
afterAll(async () => {
  await t.close();
});

const url = '/api/v1/security-incidents';
const post = (headers: Headers, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as object });
const patch = (headers: Headers, id: string, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: `${url}/${id}`, headers, payload: payload as object });
const get = (headers: Headers, id: string) => t.app.inject({ method: 'GET', url: `${url}/${id}`, headers });
const list = (headers: Headers, query = '') =>
  t.app.inject({ method: 'GET', url: `${url}${query}`, headers });

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** A leaked class list: children's data, nobody told yet. */
const leak = (overrides: Partial<SecurityIncidentInput> = {}): SecurityIncidentInput => ({
  occurredAt: hoursAgo(30),
  detectedAt: hoursAgo(26),
  nature: 'CONFIDENTIALITY',
  description: 'Una planilla con nombres y cursos quedó compartida con un enlace público.',
  dataCategories: ['IDENTIFICATION', 'CONTACT'],
  childrenData: true,
  affectedCount: 32,
  affectedDescription: 'Estudiantes de 5° básico A',
  measures: 'Se quitó el enlace público y se revisaron los accesos.',
  subjectsNotified: false,
  agencyNotified: false,
  ...overrides,
});

async function record(payload: SecurityIncidentInput, headers: Headers = w.admin.headers) {
  const res = await post(headers, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ incident: SecurityIncident }>().incident;
}

async function page(query = ''): Promise<Paged<SecurityIncident>> {
  const res = await list(w.admin.headers, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ incidents: Paged<SecurityIncident> }>().incidents;
}

describe('security incidents', () => {
  it('are for administrators only: 403 for teachers and students, 401 without a session', async () => {
    const incident = await record(leak());
    for (const headers of [w.teacherA.headers, w.studentA1.headers]) {
      expect((await list(headers)).statusCode).toBe(403);
      expect((await get(headers, incident._id)).statusCode).toBe(403);
      expect((await post(headers, leak())).statusCode).toBe(403);
      expect((await patch(headers, incident._id, { version: 1, status: 'CLOSED' })).statusCode).toBe(403);
    }
    for (const res of [
      await list({}),
      await get({}, incident._id),
      await post({}, leak()),
      await patch({}, incident._id, { version: 1 }),
    ]) {
      expect(res.statusCode).toBe(401);
    }
    expect((await page()).totalDocs).toBe(1);
    expect((await get(w.admin.headers, incident._id)).json().incident.version).toBe(1);
  });

  it('records an incident with who recorded it, warns of children told nothing, tells the other administrators', async () => {
    const incident = await record(leak({ dataCategories: ['CONTACT', 'IDENTIFICATION', 'CONTACT'] }));
    expect(incident).toMatchObject({
      nature: 'CONFIDENTIALITY',
      dataCategories: ['IDENTIFICATION', 'CONTACT'],
      childrenData: true,
      affectedCount: 32,
      affectedDescription: 'Estudiantes de 5° básico A',
      subjectsNotified: false,
      subjectsNotifiedAt: null,
      agencyNotified: false,
      status: 'OPEN',
      closedAt: null,
      childrenNoticePending: true,
      recordedBy: { _id: w.admin.id, name: 'Ana Administradora' },
      version: 1,
    });
    const events = await storedEvents(t.app, ['security_incident.recorded']);
    expect(events.at(-1)).toMatchObject({
      actor: { userId: w.admin.id },
      payload: { incidentId: incident._id, childrenData: true, affectedCount: 32 },
    });
    const told = await t.app.db
      .select({ userId: notifications.userId, text: notifications.text })
      .from(notifications)
      .where(eq(notifications.eventId, events.at(-1)!.id));
    // The colleague, not the recorder; no teacher.
    expect(told.map((row) => row.userId)).toEqual([colleague.id]);
    expect(told[0]!.text).toMatch(
      /^Se registró un incidente de seguridad ocurrido el \d{2}-\d{2}-\d{4}, con datos de niños, niñas o adolescentes$/,
    );
  });

  it('records a notice given with its date and how, and drops a date of a notice not given', async () => {
    const incident = await record(
      leak({
        childrenData: false,
        subjectsNotified: true,
        subjectsNotifiedAt: hoursAgo(20),
        subjectsNoticeMethod: '  Email a cada apoderado  ',
        agencyNotified: false,
        agencyNotifiedAt: hoursAgo(10),
      }),
    );
    expect(incident).toMatchObject({
      subjectsNotified: true,
      subjectsNoticeMethod: 'Email a cada apoderado',
      agencyNotified: false,
      agencyNotifiedAt: null,
      childrenNoticePending: false,
    });
  });

  it('refuses bad input with a Spanish message on each field, recording nothing', async () => {
    const before = (await page()).totalDocs;
    const bad: [SecurityIncidentInput | Record<string, unknown>, Record<string, string>][] = [
      [{}, { occurredAt: securityIncidentMessages.occurredAtRequired }],
      [leak({ occurredAt: 'ayer' }), { occurredAt: securityIncidentMessages.dateInvalid }],
      [
        leak({ occurredAt: new Date(Date.now() + 86_400_000).toISOString() }),
        { occurredAt: securityIncidentMessages.future },
      ],
      [leak({ detectedAt: hoursAgo(40) }), { detectedAt: securityIncidentMessages.detectedBeforeOccurred }],
      [leak({ nature: 'OTRO' as never }), { nature: securityIncidentMessages.natureRequired }],
      [leak({ description: 'corto' }), { description: securityIncidentMessages.descriptionMin }],
      [leak({ description: 'x'.repeat(4001) }), { description: securityIncidentMessages.descriptionMax }],
      [leak({ dataCategories: [] }), { dataCategories: securityIncidentMessages.categoriesRequired }],
      [
        leak({ dataCategories: ['DNA' as never] }),
        { 'dataCategories.0': securityIncidentMessages.categoryUnknown },
      ],
      [
        leak({ childrenData: 'sí' as never }),
        { childrenData: securityIncidentMessages.childrenDataRequired },
      ],
      [leak({ affectedCount: -1 }), { affectedCount: securityIncidentMessages.affectedCountInvalid }],
      [leak({ affectedCount: 2.5 }), { affectedCount: securityIncidentMessages.affectedCountInvalid }],
      [
        leak({ affectedCount: '3' as never }),
        { affectedCount: securityIncidentMessages.affectedCountRequired },
      ],
      [
        leak({ affectedDescription: 'x'.repeat(1001) }),
        { affectedDescription: securityIncidentMessages.affectedDescriptionMax },
      ],
      [leak({ measures: '' }), { measures: securityIncidentMessages.measuresRequired }],
      [
        leak({ subjectsNotified: true }),
        {
          subjectsNotifiedAt: securityIncidentMessages.subjectsNotifiedAtRequired,
          subjectsNoticeMethod: securityIncidentMessages.noticeMethodRequired,
        },
      ],
      [
        leak({ subjectsNotified: true, subjectsNotifiedAt: hoursAgo(40), subjectsNoticeMethod: 'Email' }),
        { subjectsNotifiedAt: securityIncidentMessages.noticeBeforeOccurred },
      ],
      [
        leak({ agencyNotified: true }),
        { agencyNotifiedAt: securityIncidentMessages.agencyNotifiedAtRequired },
      ],
      [leak({ status: 'CLOSED' }), { status: securityIncidentMessages.closeChildrenUntold }],
    ];
    for (const [payload, errors] of bad) {
      const res = await post(w.admin.headers, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 200)).toBe(400);
      expect(res.json()).toMatchObject({ type: 'VALIDATION_ERROR', errors });
    }
    expect((await page()).totalDocs).toBe(before);
  });

  it('holds the rules in the table too (CHECKs), whatever the application sends', async () => {
    const row = {
      occurredAt: new Date(hoursAgo(5)),
      detectedAt: new Date(hoursAgo(4)),
      nature: 'INTEGRITY' as const,
      description: 'Se alteraron notas de evaluaciones.',
      dataCategories: ['EVALUATIONS'],
      childrenData: true,
      affectedCount: 3,
      measures: 'Se restauró el respaldo de anoche.',
    };
    const refused = [
      { ...row, affectedCount: -1 },
      { ...row, detectedAt: new Date(hoursAgo(6)) },
      { ...row, dataCategories: [] },
      { ...row, dataCategories: ['DNA'] },
      { ...row, subjectsNotified: true },
      { ...row, agencyNotifiedAt: new Date() },
      { ...row, status: 'CLOSED' as const, closedAt: new Date() },
      { ...row, childrenData: false, status: 'CLOSED' as const },
    ];
    for (const values of refused) {
      await expect(t.app.db.insert(securityIncidents).values(values)).rejects.toThrow();
    }
  });

  it('pages newest incident first in SQL, filtered by status', async () => {
    const older = await record(leak({ occurredAt: hoursAgo(100), detectedAt: hoursAgo(99) }));
    const closed = await record(
      leak({
        occurredAt: hoursAgo(2),
        detectedAt: hoursAgo(1),
        childrenData: false,
        status: 'CLOSED',
      }),
    );
    expect(closed).toMatchObject({ status: 'CLOSED', closedAt: expect.any(String) });
    const all = await page();
    const dates = all.docs.map((doc) => doc.occurredAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(all.docs[0]!._id).toBe(closed._id);
    expect(all.docs.at(-1)!._id).toBe(older._id);
    const onlyClosed = await page('?status=CLOSED');
    expect(onlyClosed.docs.map((doc) => doc._id)).toEqual([closed._id]);
    const open = await page('?status=OPEN&limit=2&page=2');
    expect(open).toMatchObject({ page: 2, limit: 2, totalDocs: all.totalDocs - 1 });
    expect((await list(w.admin.headers, '?status=CERRADO')).statusCode).toBe(400);
    const tooMany = await list(w.admin.headers, '?limit=101');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual({ limit: pagingMessages.limit(100) });
  });

  it('answers 404 for an unknown incident and 400 for a malformed id', async () => {
    expect((await get(w.admin.headers, UNKNOWN)).statusCode).toBe(404);
    expect((await patch(w.admin.headers, UNKNOWN, { version: 1, status: 'OPEN' })).statusCode).toBe(404);
    expect((await get(w.admin.headers, 'no-es-un-id')).statusCode).toBe(400);
  });

  it('tells the people and the Agency, then closes; each edit a new version and an event', async () => {
    const incident = await record(leak());
    // Closing before telling the people of children's data: refused on `status`, nothing saved.
    const early = await patch(w.admin.headers, incident._id, { version: 1, status: 'CLOSED' });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toEqual({ status: securityIncidentMessages.closeChildrenUntold });
    const told = await patch(w.admin.headers, incident._id, {
      version: 1,
      subjectsNotified: true,
      subjectsNotifiedAt: hoursAgo(3),
      subjectsNoticeMethod: 'Email a los apoderados y aviso en la plataforma',
      agencyNotified: true,
      agencyNotifiedAt: hoursAgo(2),
    });
    expect(told.statusCode, told.body).toBe(200);
    expect(told.json()).toMatchObject({
      message: securityIncidentMessages.updated,
      incident: { version: 2, subjectsNotified: true, agencyNotified: true, childrenNoticePending: false },
    });
    const closed = await patch(colleague.headers, incident._id, { version: 2, status: 'CLOSED' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().incident).toMatchObject({
      status: 'CLOSED',
      closedAt: expect.any(String),
      version: 3,
    });
    // Nothing changed: no new version, no event.
    const same = await patch(w.admin.headers, incident._id, { version: 3, status: 'CLOSED' });
    expect(same.json().incident.version).toBe(3);
    // Un-telling the people of a closed incident with children's data would break the rule.
    const untell = await patch(w.admin.headers, incident._id, { version: 3, subjectsNotified: false });
    expect(untell.statusCode).toBe(400);
    expect(untell.json().errors).toEqual({ status: securityIncidentMessages.closeChildrenUntold });
    // Reopened: the closing date goes.
    const reopened = await patch(w.admin.headers, incident._id, { version: 3, status: 'OPEN' });
    expect(reopened.json().incident).toMatchObject({ status: 'OPEN', closedAt: null, version: 4 });
    const events = await storedEvents(t.app, ['security_incident.updated']);
    const ofIncident = events.flatMap((e) =>
      e.type === 'security_incident.updated' && e.payload.incidentId === incident._id ? [e.payload] : [],
    );
    expect(ofIncident).toEqual([
      {
        incidentId: incident._id,
        changed: [
          'subjectsNotified',
          'subjectsNotifiedAt',
          'subjectsNoticeMethod',
          'agencyNotified',
          'agencyNotifiedAt',
        ],
        status: 'OPEN',
      },
      { incidentId: incident._id, changed: ['status'], status: 'CLOSED' },
      { incidentId: incident._id, changed: ['status'], status: 'OPEN' },
    ]);
  });

  it('refuses an edit of a version someone saved since (409), and of two at once saves one', async () => {
    const incident = await record(leak({ childrenData: false }));
    const first = await patch(w.admin.headers, incident._id, { version: 1, affectedCount: 40 });
    expect(first.statusCode).toBe(200);
    const stale = await patch(colleague.headers, incident._id, { version: 1, affectedCount: 41 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(securityIncidentMessages.stale);
    expect((await get(w.admin.headers, incident._id)).json().incident.affectedCount).toBe(40);

    const both = await Promise.all([
      patch(w.admin.headers, incident._id, { version: 2, measures: 'Se cambiaron todas las contraseñas.' }),
      patch(colleague.headers, incident._id, {
        version: 2,
        measures: 'Se revisaron los registros de acceso.',
      }),
    ]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const saved = both.find((res) => res.statusCode === 200)!.json().incident as SecurityIncident;
    expect((await get(w.admin.headers, incident._id)).json().incident).toMatchObject({
      version: 3,
      measures: saved.measures,
    });
    expect((await patch(w.admin.headers, incident._id, { affectedCount: 1 })).json()).toMatchObject({
      type: 'VALIDATION_ERROR',
      errors: { version: securityIncidentMessages.versionRequired },
    });
  });

  it('keeps the incident without its recorder when the recorder is erased', async () => {
    const incident = await record(leak({ childrenData: false }), colleague.headers);
    const counts = await t.app.db.transaction((tx) =>
      securityIncidentsPersonalData.erase({
        tx,
        userId: colleague.id,
        email: colleague.email,
        choices: eraseEverything,
      }),
    );
    expect(counts.security_incidents).toBeGreaterThanOrEqual(1);
    expect((await get(w.admin.headers, incident._id)).json().incident.recordedBy).toBeNull();
  });
});
