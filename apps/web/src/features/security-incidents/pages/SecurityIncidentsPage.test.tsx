import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { securityIncidentMessages, securityIncidentTexts, type SecurityIncident } from '@fics/contracts';
import { setTokens } from '../../../lib/session';
import { makeUser, mockApi, renderApp, type Handler } from '../../../test/utils';
import { incidentsHandler, makeIncident } from '../security-incidents.fixtures';

/**
 * /incidentes-seguridad (ADMIN, issue 22.6): the register newest first with its filter in the URL,
 * the warning on an incident with children's data whose people were not told, recording one checked
 * with the contract's messages, and editing one with its version (a 409 says someone saved it).
 */

afterEach(() => {
  vi.unstubAllGlobals();
});

const admin = makeUser('ADMIN');

function renderPage(path: string, handlers: Record<string, Handler | { status?: number; body?: unknown }>) {
  const fetchMock = mockApi({ 'GET /auth/me': { body: { user: admin } }, ...handlers });
  setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  const rendered = renderApp(path);
  return { ...rendered, fetchMock, user: userEvent.setup({ delay: null }) };
}

const all: SecurityIncident[] = [
  makeIncident(1, { childrenData: true, childrenNoticePending: true }),
  makeIncident(2, { nature: 'AVAILABILITY', dataCategories: ['CONTENT'] }),
  makeIncident(3, {
    status: 'CLOSED',
    closedAt: '2025-09-10T12:00:00.000Z',
    description: 'Se perdió un respaldo de portadas.',
    subjectsNotified: true,
    subjectsNotifiedAt: '2025-09-05T12:00:00.000Z',
    subjectsNoticeMethod: 'Email a los apoderados',
  }),
];

const setMoment = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

describe('SecurityIncidentsPage', () => {
  it('lists the open ones with the warning on untold children’s data; the filter goes to the URL and the API', async () => {
    const seen: URLSearchParams[] = [];
    const { user, router } = renderPage('/incidentes-seguridad', {
      'GET /security-incidents': incidentsHandler(all, seen),
    });
    const list = await screen.findByRole('list', { name: 'Incidentes' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('alert')).toHaveTextContent(securityIncidentTexts.childrenWarning);
    expect(items[0]).toHaveTextContent('Datos de niños, niñas o adolescentes');
    expect(items[0]).toHaveTextContent('Personas afectadas: 30 (Estudiantes de 5° básico A)');
    expect(items[0]).toHaveTextContent('Aviso a las personas afectadas: Aún no');
    expect(within(items[1]!).queryByRole('alert')).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Pérdida o destrucción');
    expect(seen.at(-1)?.get('status')).toBe('OPEN');
    expect(screen.getByText('2 incidentes')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Estado' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Cerrado' }));
    await waitFor(() => expect(router.state.location.search).toBe('?estado=CLOSED'));
    const closed = await screen.findByText(/Se perdió un respaldo de portadas/);
    expect(closed.closest('li')).toHaveTextContent('Aviso a las personas afectadas: Sí, el');
    expect(closed.closest('li')).toHaveTextContent('(Email a los apoderados)');
    expect(seen.at(-1)?.get('status')).toBe('CLOSED');
  });

  it('records an incident checked with the contract’s messages, warning while children’s data are untold', async () => {
    let sent: unknown;
    const { user } = renderPage('/incidentes-seguridad', {
      'GET /security-incidents': incidentsHandler([]),
      'POST /security-incidents': ({ body }) => {
        sent = body;
        return {
          status: 201,
          body: { incident: makeIncident(9), message: securityIncidentMessages.recorded },
        };
      },
    });
    expect(await screen.findByText(securityIncidentTexts.empty)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Registrar incidente' }));
    const dialog = await screen.findByRole('dialog', { name: securityIncidentTexts.recordTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText(securityIncidentMessages.occurredAtRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(securityIncidentMessages.natureRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(securityIncidentMessages.categoriesRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(securityIncidentMessages.measuresRequired)).toBeInTheDocument();

    setMoment(within(dialog).getByLabelText(/Cuándo ocurrió/), '2025-11-02T09:00');
    setMoment(within(dialog).getByLabelText(/Cuándo se detectó/), '2025-11-02T08:00');
    await user.click(within(dialog).getByRole('combobox', { name: /Tipo de incidente/ }));
    await user.click(
      within(await screen.findByRole('listbox')).getByRole('option', {
        name: 'Acceso o divulgación no autorizada',
      }),
    );
    await user.click(within(dialog).getByRole('textbox', { name: /Qué pasó/ }));
    await user.paste('Un enlace público dejó ver los nombres de un curso.');
    await user.click(within(dialog).getByRole('checkbox', { name: /Identificación/ }));
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Hay datos de niños, niñas o adolescentes' }),
    );
    expect(within(dialog).getByText(securityIncidentTexts.childrenWarning)).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('spinbutton', { name: /Número de personas afectadas/ }));
    await user.type(within(dialog).getByRole('spinbutton', { name: /Número de personas afectadas/ }), '28');
    await user.click(within(dialog).getByRole('textbox', { name: /Medidas adoptadas/ }));
    await user.paste('Se quitó el enlace público.');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    // Detected before it happened: the contract's rule, before anything is sent.
    expect(
      await within(dialog).findByText(securityIncidentMessages.detectedBeforeOccurred),
    ).toBeInTheDocument();
    expect(sent).toBeUndefined();
    setMoment(within(dialog).getByLabelText(/Cuándo se detectó/), '2025-11-02T11:00');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toMatchObject({
      occurredAt: new Date('2025-11-02T09:00').toISOString(),
      detectedAt: new Date('2025-11-02T11:00').toISOString(),
      nature: 'CONFIDENTIALITY',
      description: 'Un enlace público dejó ver los nombres de un curso.',
      dataCategories: ['IDENTIFICATION'],
      childrenData: true,
      affectedCount: 28,
      affectedDescription: null,
      measures: 'Se quitó el enlace público.',
      subjectsNotified: false,
      subjectsNotifiedAt: null,
      agencyNotified: false,
      status: 'OPEN',
    });
    expect(await screen.findByText(securityIncidentMessages.recorded)).toBeInTheDocument();
  });

  it('edits with the version it opened; a 409 closes the dialog and says someone saved it', async () => {
    let sent: unknown;
    const { user } = renderPage('/incidentes-seguridad', {
      'GET /security-incidents': incidentsHandler(all),
      [`PATCH /security-incidents/${all[0]!._id}`]: ({ body }) => {
        sent = body;
        return { status: 409, body: { type: 'CONFLICT', message: securityIncidentMessages.stale } };
      },
    });
    const list = await screen.findByRole('list', { name: 'Incidentes' });
    await user.click(
      within(within(list).getAllByRole('listitem')[0]!).getByRole('button', { name: 'Editar' }),
    );
    const dialog = await screen.findByRole('dialog', { name: securityIncidentTexts.editTitle });
    expect(within(dialog).getByText(securityIncidentTexts.childrenWarning)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Se avisó a las personas afectadas' }));
    expect(within(dialog).queryByText(securityIncidentTexts.childrenWarning)).not.toBeInTheDocument();
    setMoment(within(dialog).getByLabelText(/Cuándo se les avisó/), '2025-10-02T10:00');
    await user.click(within(dialog).getByRole('textbox', { name: /Cómo se les avisó/ }));
    await user.paste('Email a cada apoderado');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toMatchObject({
      version: 1,
      subjectsNotified: true,
      subjectsNotifiedAt: new Date('2025-10-02T10:00').toISOString(),
      subjectsNoticeMethod: 'Email a cada apoderado',
    });
    expect(await screen.findByText(securityIncidentMessages.stale)).toBeInTheDocument();
  });
});
