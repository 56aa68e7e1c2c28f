import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/utils';
import { NewPasswordField } from './NewPasswordField';

function renderField(identity = {}) {
  renderWithProviders(<NewPasswordField label="Nueva contraseña" identity={identity} />);
  return userEvent.setup({ delay: null });
}

const meter = () => screen.getByRole('meter', { name: 'Seguridad de la contraseña' });

describe('NewPasswordField', () => {
  it('shows no meter until something is typed', async () => {
    renderField();
    expect(screen.getByLabelText('Nueva contraseña')).toBeInTheDocument();
    // Give the dictionaries time to load: still nothing to measure.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('meter')).not.toBeInTheDocument();
  });

  it("keeps the meter's place, hidden, until there is an estimate, so nothing under the field moves when it comes", async () => {
    const user = renderField();
    const placeholder = screen.getByTestId('strength-placeholder');
    expect(placeholder).toHaveAttribute('aria-hidden', 'true');
    expect(placeholder).not.toBeVisible();
    await user.type(screen.getByLabelText('Nueva contraseña'), 'estrellita');
    await waitFor(() => expect(meter()).toBeVisible());
    expect(screen.queryByTestId('strength-placeholder')).not.toBeInTheDocument();
  });

  it('rates the password live in Spanish, from very weak to very good', async () => {
    const user = renderField();
    const field = screen.getByLabelText('Nueva contraseña');

    await user.type(field, 'estrellita');
    await waitFor(() => expect(meter()).toHaveAttribute('aria-valuetext', 'Débil'));
    expect(meter()).toHaveAttribute('aria-valuenow', '1');
    expect(meter()).toHaveAttribute('aria-valuemin', '0');
    expect(meter()).toHaveAttribute('aria-valuemax', '4');
    expect(screen.getByText('Seguridad: Débil')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'p4ssw0rd');
    await waitFor(() => expect(screen.getByText('Seguridad: Muy débil')).toBeInTheDocument());
    expect(meter()).toHaveAttribute('aria-valuenow', '0');

    await user.clear(field);
    await user.type(field, 'caballo-bateria-grapa-9');
    await waitFor(() => expect(screen.getByText('Seguridad: Muy buena')).toBeInTheDocument());
    expect(meter()).toHaveAttribute('aria-valuenow', '4');

    await user.clear(field);
    await waitFor(() => expect(screen.queryByRole('meter')).not.toBeInTheDocument());
  });

  it("rates the account's own name lower than a stranger's", async () => {
    const user = renderField({ email: 'sofia.nunez@colegio.cl', name: 'Sofía Núñez Quilapán' });
    await user.type(screen.getByLabelText('Nueva contraseña'), 'quilapan2024');
    await waitFor(() => expect(meter()).toHaveAttribute('aria-valuenow', '1'));
  });

  it('still hands every key to the form', async () => {
    const typed: string[] = [];
    renderWithProviders(
      <NewPasswordField
        label="Nueva contraseña"
        identity={{}}
        onChange={(event) => typed.push(event.target.value)}
      />,
    );
    await userEvent.setup({ delay: null }).type(screen.getByLabelText('Nueva contraseña'), 'abc');
    expect(typed).toEqual(['a', 'ab', 'abc']);
  });
});
