import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@fics/contracts';
import { setTokens } from '../../../lib/session';
import { makeUser, mockApi, renderApp, type Handler } from '../../../test/utils';

type Handlers = Record<string, Handler | { status?: number; body?: unknown }>;

const teacherSchools = [
  {
    collegeId: 'college-andes',
    collegeName: 'Colegio Los Andes',
    grades: [
      { gradeId: 'grade-5a', gradeName: 'Quinto Básico A' },
      { gradeId: 'grade-6b', gradeName: 'Sexto Básico B' },
    ],
  },
  {
    collegeId: 'college-bicentenario',
    collegeName: 'Liceo Bicentenario',
    grades: [{ gradeId: 'grade-1m', gradeName: 'Primero Medio C' }],
  },
];

/**
 * Signs `actor` in and answers the profile calls; PATCH /profile applies the JSON body to the user,
 * as the server does, and records each body sent.
 */
function stubApi(actor: User, handlers: Handlers = {}) {
  let current = actor;
  const patches: unknown[] = [];
  const fetchMock = mockApi({
    'GET /auth/me': () => ({ body: { user: current } }),
    [`GET /users/${actor._id}`]: () => ({
      body: { user: current, inscriptionObject: actor.role.name === 'TEACHER' ? teacherSchools : [] },
    }),
    [`PATCH /users/${actor._id}/profile`]: ({ body }) => {
      patches.push(body);
      current = { ...current, ...(body as Partial<User>) };
      return { body: { user: current } };
    },
    ...handlers,
  });
  setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  return { fetchMock, patches };
}

function renderProfile(actor: User, handlers: Handlers = {}) {
  const stubs = stubApi(actor, handlers);
  renderApp('/perfil');
  return { ...stubs, user: userEvent.setup({ delay: null }) };
}

const personal = () => screen.getByRole('region', { name: 'Información personal' });

describe('ProfilePage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows the title 'Sobre tí', the avatar initials, the role display name and the e-mail", async () => {
    renderProfile(makeUser('ADMIN', { name: 'Ana María Rojas', email: 'ana@example.cl' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sobre tí' })).toBeInTheDocument();
    const card = await screen.findByRole('region', { name: 'Ana María Rojas' });
    expect(within(card).getByText('AM')).toBeInTheDocument();
    expect(within(card).getByText('Administrador')).toBeInTheDocument();
    expect(within(card).getByText('ana@example.cl')).toBeInTheDocument();
    // Administrators have neither a phone nor assigned schools on their profile (spec 000 §6).
    expect(screen.queryByRole('region', { name: 'Número de teléfono' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Establecimientos asignados' })).not.toBeInTheDocument();
  });

  it('edits the name within its limits, keeps Guardar cambios disabled under 2 characters and updates the header', async () => {
    const { user, patches } = renderProfile(makeUser('TEACHER', { name: 'Diego Soto' }));
    await user.click(await screen.findByRole('button', { name: 'Editar nombre' }));
    const field = within(personal()).getByRole('textbox', { name: 'Nombre' });
    expect(field).toHaveValue('Diego Soto');
    expect(within(personal()).getByText('10/40')).toBeInTheDocument();
    const save = within(personal()).getByRole('button', { name: 'Guardar cambios' });

    await user.clear(field);
    expect(save).toBeDisabled();
    await user.type(field, 'D');
    expect(save).toBeDisabled();
    await user.type(field, 'i');
    expect(save).toBeEnabled();

    // At most 40 characters fit.
    await user.clear(field);
    await user.paste('A'.repeat(45));
    expect(field).toHaveValue('A'.repeat(40));
    expect(within(personal()).getByText('40/40')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, '  Diego Soto Pérez ');
    await user.click(save);
    expect(await screen.findByText('Nombre actualizado exitosamente')).toBeInTheDocument();
    expect(patches).toEqual([{ name: 'Diego Soto Pérez' }]);
    expect(within(personal()).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(personal()).getByText('Diego Soto Pérez')).toBeInTheDocument();

    // The header's account menu reads the same cached user.
    await user.click(screen.getByRole('button', { name: 'Menú de la cuenta' }));
    expect(within(await screen.findByRole('menu')).getByText('Diego Soto Pérez')).toBeInTheDocument();
  });

  it('Cancelar leaves the name as it was and sends nothing', async () => {
    const { user, patches } = renderProfile(makeUser('STUDENT', { name: 'Sofía Rojas' }));
    await user.click(await screen.findByRole('button', { name: 'Editar nombre' }));
    const field = within(personal()).getByRole('textbox', { name: 'Nombre' });
    await user.clear(field);
    await user.type(field, 'Otro nombre');
    await user.click(within(personal()).getByRole('button', { name: 'Cancelar' }));

    expect(within(personal()).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(personal()).getByText('Sofía Rojas')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Editar nombre' }));
    expect(within(personal()).getByRole('textbox', { name: 'Nombre' })).toHaveValue('Sofía Rojas');
    expect(patches).toEqual([]);
  });

  it('edits the bio up to 100 characters and says so with the spec toast', async () => {
    const { user, patches } = renderProfile(makeUser('STUDENT', { bio: '' }));
    expect(await screen.findByText('Aún no has escrito una biografía.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Editar biografía' }));
    const field = within(personal()).getByRole('textbox', { name: 'Biografía' });
    expect(within(personal()).getByText('0/100')).toBeInTheDocument();
    // An empty bio may be saved.
    expect(within(personal()).getByRole('button', { name: 'Guardar cambios' })).toBeEnabled();

    await user.click(field);
    await user.paste('b'.repeat(105));
    expect(field).toHaveValue('b'.repeat(100));
    expect(within(personal()).getByText('100/100')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'Me gustan los cuentos de terror.');
    await user.click(within(personal()).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Biografía actualizado exitosamente')).toBeInTheDocument();
    expect(patches).toEqual([{ bio: 'Me gustan los cuentos de terror.' }]);
    expect(within(personal()).getByText('Me gustan los cuentos de terror.')).toBeInTheDocument();
  });

  it("shows the server's field message under the field and stays in edit mode", async () => {
    const actor = makeUser('TEACHER');
    const { user } = renderProfile(actor, {
      [`PATCH /users/${actor._id}/profile`]: {
        status: 400,
        body: {
          type: 'VALIDATION_ERROR',
          message: 'Los datos enviados no son válidos',
          errors: { bio: 'La biografía no debe tener más de 100 caracteres' },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Editar biografía' }));
    await user.type(within(personal()).getByRole('textbox', { name: 'Biografía' }), 'Hola');
    await user.click(within(personal()).getByRole('button', { name: 'Guardar cambios' }));
    expect(
      await within(personal()).findByText('La biografía no debe tener más de 100 caracteres'),
    ).toBeInTheDocument();
    expect(within(personal()).getByRole('textbox', { name: 'Biografía' })).toHaveValue('Hola');
  });

  it('shows a failure toast and the inline text when saving fails for another reason', async () => {
    const actor = makeUser('TEACHER');
    const { user } = renderProfile(actor, {
      [`PATCH /users/${actor._id}/profile`]: {
        status: 500,
        body: { type: 'INTERNAL', message: 'Algo ha salido mal, intente de nuevo más tarde' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Editar nombre' }));
    await user.type(within(personal()).getByRole('textbox', { name: 'Nombre' }), 'x');
    await user.click(within(personal()).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Ha ocurrido un problema')).toBeInTheDocument();
    expect(
      within(personal()).getByText('Algo ha salido mal. Intente de nuevo más tarde.'),
    ).toBeInTheDocument();
  });

  it('lists a teacher’s schools in an accordion that expands to their grades', async () => {
    const { user } = renderProfile(makeUser('TEACHER'));
    const schools = await screen.findByRole('region', { name: 'Establecimientos asignados' });
    const andes = within(schools).getByRole('button', { name: /Colegio Los Andes/ });
    expect(andes).toHaveTextContent('2 cursos');
    expect(within(schools).getByRole('button', { name: /Liceo Bicentenario/ })).toHaveTextContent('1 curso');
    expect(andes).toHaveAttribute('aria-expanded', 'false');
    expect(within(schools).queryByRole('region', { name: /Colegio Los Andes/ })).not.toBeInTheDocument();

    await user.click(andes);
    expect(andes).toHaveAttribute('aria-expanded', 'true');
    const grades = within(schools).getByRole('region', { name: /Colegio Los Andes/ });
    expect(
      within(grades)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Quinto Básico A', 'Sexto Básico B']);
    // Teachers have no phone on their profile (a student feature, spec 000 §6).
    expect(screen.queryByRole('region', { name: 'Número de teléfono' })).not.toBeInTheDocument();
  });

  it('shows a student their masked phone number, their school and grade, and no school list', async () => {
    renderProfile(makeUser('STUDENT', { phoneNumber: '+56987655678' }));
    const phone = await screen.findByRole('region', { name: 'Número de teléfono' });
    expect(await within(phone).findByText('+56 9 **** 5678')).toBeInTheDocument();
    expect(within(phone).queryByText(/8765/)).not.toBeInTheDocument();
    const placement = screen.getByRole('region', { name: 'Establecimiento y curso' });
    expect(within(placement).getByText('Colegio Los Andes')).toBeInTheDocument();
    expect(within(placement).getByText('Quinto Básico A')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Establecimientos asignados' })).not.toBeInTheDocument();
    // 'Solicitar modificación' starts a change request (features/requests, tested there).
    expect(within(placement).getByRole('button', { name: 'Solicitar modificación' })).toBeInTheDocument();
  });

  it("shows 'Sin número asociado' and saves a new number from the phone dialog (default country CL)", async () => {
    const { user, patches } = renderProfile(makeUser('STUDENT', { phoneNumber: null }));
    const phone = await screen.findByRole('region', { name: 'Número de teléfono' });
    expect(await within(phone).findByText('Sin número asociado')).toBeInTheDocument();

    await user.click(within(phone).getByRole('button', { name: 'Editar número de teléfono' }));
    const dialog = await screen.findByRole('dialog', { name: 'Número de teléfono' });
    expect(within(dialog).getByRole('combobox', { name: 'País' })).toHaveValue('CL');
    // Nothing to clear yet.
    expect(within(dialog).queryByRole('button', { name: 'Quitar número' })).not.toBeInTheDocument();
    const input = within(dialog).getByRole('textbox', { name: 'Número de teléfono' });

    await user.type(input, '123');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Ingresa un número de teléfono válido')).toBeInTheDocument();
    expect(patches).toEqual([]);

    await user.clear(input);
    await user.type(input, '987655678');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Número de teléfono actualizado con éxito!')).toBeInTheDocument();
    expect(patches).toEqual([{ phoneNumber: '+56987655678' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(phone).getByText('+56 9 **** 5678')).toBeInTheDocument();
  });

  it('clears the phone number with Quitar número', async () => {
    const { user, patches } = renderProfile(makeUser('STUDENT', { phoneNumber: '+56987655678' }));
    const phone = await screen.findByRole('region', { name: 'Número de teléfono' });
    await user.click(await within(phone).findByRole('button', { name: 'Editar número de teléfono' }));
    const dialog = await screen.findByRole('dialog', { name: 'Número de teléfono' });
    await user.click(within(dialog).getByRole('button', { name: 'Quitar número' }));
    expect(await screen.findByText('Número de teléfono actualizado con éxito!')).toBeInTheDocument();
    expect(patches).toEqual([{ phoneNumber: null }]);
    expect(await within(phone).findByText('Sin número asociado')).toBeInTheDocument();
  });

  it('refuses a file that is not an image, or is over 1 MB, before any upload', async () => {
    const { fetchMock } = stubApi(makeUser('TEACHER'));
    renderApp('/perfil');
    // The input's accept filter is a hint the user can override (and drag-and-drop ignores it).
    const user = userEvent.setup({ delay: null, applyAccept: false });
    await user.click(await screen.findByRole('button', { name: 'Cambiar foto de perfil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Foto de perfil' });
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;

    await user.upload(input, new File(['hola'], 'notas.txt', { type: 'text/plain' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('El archivo debe ser tipo imagen');

    const big = new File([new Uint8Array(1_048_577)], 'grande.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'El peso del archivo excede el maximo permitido',
    );

    expect(within(dialog).getByRole('button', { name: 'Guardar' })).toBeDisabled();
    const uploads = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH');
    expect(uploads).toEqual([]);
  });

  it('removes the photo and says so', async () => {
    const actor = makeUser('STUDENT', { profilePicture: { url: '/api/v1/media/foto' } });
    const { user, fetchMock } = renderProfile(actor, {
      [`DELETE /users/${actor._id}/profile/photo`]: { body: { user: { ...actor, profilePicture: null } } },
    });
    await user.click(await screen.findByRole('button', { name: 'Cambiar foto de perfil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Foto de perfil' });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar foto' }));
    expect(await screen.findByText('Imagen eliminada exitosamente')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Without a photo the dialog offers nothing to remove.
    await user.click(screen.getByRole('button', { name: 'Cambiar foto de perfil' }));
    const reopened = await screen.findByRole('dialog', { name: 'Foto de perfil' });
    expect(within(reopened).queryByRole('button', { name: 'Eliminar foto' })).not.toBeInTheDocument();
  });

  it('says the profile could not be loaded, and loads it again on Reintentar', async () => {
    const actor = makeUser('TEACHER');
    let fail = true;
    const { user } = renderProfile(actor, {
      [`GET /users/${actor._id}`]: () =>
        fail
          ? { status: 500, body: { type: 'INTERNAL', message: 'Algo ha salido mal' } }
          : { body: { user: actor, inscriptionObject: [] } },
    });
    expect(
      await screen.findByText('Ha ocurrido un problema, por favor intenta de nuevo más tarde.', undefined, {
        timeout: 15_000,
      }),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('button', { name: 'Editar nombre' })).toBeInTheDocument();
  });

  it('sends a visitor without a session home', async () => {
    mockApi({});
    const { router } = renderApp('/perfil');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("'Cerrar sesión en todos los dispositivos' asks first, ends every session and leaves this device", async () => {
    let calls = 0;
    const { user } = renderProfile(makeUser('STUDENT', { name: 'Sofía Estudiante' }), {
      'POST /auth/logout-all': () => {
        calls += 1;
        return { body: { message: 'Se cerró la sesión en todos los dispositivos', sessionsEnded: 3 } };
      },
    });
    const sessions = await screen.findByRole('region', { name: 'Sesiones' });
    await user.click(
      within(sessions).getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cerrar sesión en todos los dispositivos' });
    expect(dialog).toHaveTextContent('también en este');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toBe(0);

    await user.click(
      within(sessions).getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }),
    );
    const again = await screen.findByRole('dialog', { name: 'Cerrar sesión en todos los dispositivos' });
    await user.click(within(again).getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }));
    expect(await screen.findByText('Se cerró la sesión en todos los dispositivos')).toBeInTheDocument();
    expect(calls).toBe(1);
    expect(localStorage.getItem('token')).toBeNull();
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 1, name: 'Sobre tí' })).not.toBeInTheDocument(),
    );
  });

  it('keeps the user signed in and says so when ending every session fails', async () => {
    const { user } = renderProfile(makeUser('TEACHER'), {
      'POST /auth/logout-all': { status: 500, body: { type: 'INTERNAL', message: 'Error' } },
    });
    const sessions = await screen.findByRole('region', { name: 'Sesiones' });
    await user.click(
      within(sessions).getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cerrar sesión en todos los dispositivos' });
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }));
    expect(
      await screen.findByText('No se pudo cerrar la sesión en todos los dispositivos. Inténtalo de nuevo.'),
    ).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('access');
  });
});
