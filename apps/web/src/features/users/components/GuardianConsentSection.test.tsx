import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { guardianConsentMessages, type GuardianConsent } from '@fics/contracts';
import { setTokens } from '../../../lib/session';
import { mockApi, renderWithProviders } from '../../../test/utils';
import { adminUser, studentUser } from '../users.fixtures';
import { GuardianConsentSection } from './GuardianConsentSection';

const missing: GuardianConsent = {
  required: true,
  state: 'MISSING',
  guardianEmail: null,
  requestedAt: null,
  decidedAt: null,
  withdrawnAt: null,
  noticeVersion: null,
};
const pending: GuardianConsent = {
  ...missing,
  state: 'PENDING',
  guardianEmail: 'apoderada@correo.cl',
  requestedAt: '2026-11-27T12:00:00.000Z',
};
const granted: GuardianConsent = {
  ...pending,
  state: 'GRANTED',
  decidedAt: '2026-11-27T13:00:00.000Z',
  noticeVersion: '2026-11-27',
};
const withdrawn: GuardianConsent = {
  ...granted,
  state: 'WITHDRAWN',
  withdrawnAt: '2026-11-27T14:00:00.000Z',
};

type Reply = { status?: number; body?: unknown };

function renderSection(
  consent: GuardianConsent | Reply,
  actions: { ask?: (body: unknown) => Reply; withdraw?: () => Reply } = {},
) {
  const url = `/users/${studentUser._id}/guardian-consent`;
  const sent: unknown[] = [];
  let withdrawals = 0;
  mockApi({
    'GET /auth/me': { body: { user: adminUser } },
    [`GET ${url}`]: 'required' in consent ? { body: { consent } } : consent,
    [`POST ${url}`]: ({ body }) => {
      sent.push(body);
      return actions.ask?.(body) ?? { status: 500, body: {} };
    },
    [`POST ${url}/withdrawal`]: () => {
      withdrawals += 1;
      return actions.withdraw?.() ?? { status: 500, body: {} };
    },
  });
  setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  renderWithProviders(<GuardianConsentSection userId={studentUser._id} />);
  return {
    sent,
    withdrawals: () => withdrawals,
    user: userEvent.setup({ delay: null }),
    section: () => screen.getByRole('region', { name: 'Consentimiento del apoderado' }),
  };
}

describe('GuardianConsentSection', () => {
  it('a student who needs it and has none: checks the e-mail in Spanish, then sends the notice and shows it pending', async () => {
    const { sent, user, section } = renderSection(missing, {
      ask: () => ({ status: 201, body: { consent: pending, message: guardianConsentMessages.requested } }),
    });
    expect(await screen.findByText('Falta pedirlo')).toBeInTheDocument();
    expect(screen.getByText(/necesita el consentimiento de su apoderado/)).toBeInTheDocument();
    const email = within(section()).getByRole('textbox', { name: 'Email del apoderado' });
    // Nothing typed, then a malformed address: the contracts' messages, nothing sent.
    await user.click(within(section()).getByRole('button', { name: 'Enviar aviso' }));
    expect(await screen.findByText(guardianConsentMessages.guardianEmailRequired)).toBeInTheDocument();
    await user.type(email, 'apoderada@');
    await user.click(within(section()).getByRole('button', { name: 'Enviar aviso' }));
    expect(await screen.findByText(guardianConsentMessages.guardianEmailInvalid)).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.clear(email);
    await user.type(email, 'apoderada@correo.cl');
    await user.click(within(section()).getByRole('button', { name: 'Enviar aviso' }));
    await waitFor(() => expect(sent).toEqual([{ guardianEmail: 'apoderada@correo.cl' }]));
    expect(await screen.findByText(guardianConsentMessages.requested)).toBeInTheDocument();
    expect(await screen.findByText('Esperando respuesta')).toBeInTheDocument();
    expect(screen.getByText('Apoderado: apoderada@correo.cl')).toBeInTheDocument();
    expect(screen.getByText(/^Aviso enviado el /)).toBeInTheDocument();
    // The field is emptied, and the button now sends it again.
    expect(email).toHaveValue('');
    expect(within(section()).getByRole('button', { name: 'Reenviar aviso' })).toBeInTheDocument();
  });

  it('given: shows when and the notice’s version, and records a withdrawal', async () => {
    const { withdrawals, user, section } = renderSection(granted, {
      withdraw: () => ({
        status: 200,
        body: { consent: withdrawn, message: guardianConsentMessages.withdrawn },
      }),
    });
    expect(await screen.findByText('Aceptado')).toBeInTheDocument();
    expect(screen.getByText(/^Respondido el .*\(aviso versión 2026-11-27\)\.$/)).toBeInTheDocument();
    // No e-mail field while a consent is in force.
    expect(within(section()).queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(within(section()).getByRole('button', { name: 'Registrar retiro' }));
    await waitFor(() => expect(withdrawals()).toBe(1));
    expect(await screen.findByText(guardianConsentMessages.withdrawn)).toBeInTheDocument();
    expect(await screen.findByText('Retirado')).toBeInTheDocument();
    expect(screen.getByText(/^Retirado el /)).toBeInTheDocument();
    // Withdrawn: it may be asked again.
    expect(within(section()).getByRole('button', { name: 'Enviar aviso' })).toBeInTheDocument();
  });

  it('shows the server’s refusal in Spanish and keeps what was typed', async () => {
    const { user, section } = renderSection(pending, {
      ask: () => ({
        status: 409,
        body: { type: 'CONFLICT', message: guardianConsentMessages.alreadyGranted },
      }),
    });
    const email = await within(
      await screen.findByRole('region', { name: 'Consentimiento del apoderado' }),
    ).findByRole('textbox', { name: 'Email del apoderado' });
    await user.type(email, 'otra@correo.cl');
    await user.click(within(section()).getByRole('button', { name: 'Reenviar aviso' }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent(
      guardianConsentMessages.alreadyGranted,
    );
    expect(email).toHaveValue('otra@correo.cl');
    expect(screen.getByText('Esperando respuesta')).toBeInTheDocument();
  });

  it('a student who needs none: says so, with nothing to send', async () => {
    const { section } = renderSection({ ...missing, required: false, state: 'NOT_REQUIRED' });
    expect(await screen.findByText('No se necesita')).toBeInTheDocument();
    expect(screen.getByText(/No necesita el consentimiento de un apoderado/)).toBeInTheDocument();
    expect(within(section()).queryByRole('button')).not.toBeInTheDocument();
  });

  it('when the consent cannot be read, says so instead of a state', async () => {
    renderSection({ status: 500, body: {} });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByText('Falta pedirlo')).not.toBeInTheDocument();
  });
});
