import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { requestMessages } from '@fics/contracts';
import { mockApi, renderApp, renderWithProviders, type Handler } from '../../../test/utils';
import { collegeOptions, ids, roles } from '../test/fixtures';
import { RegisterRequestForm } from './RegisterRequestForm';

type Handlers = Record<string, Handler | { status?: number; body?: unknown }>;
type User = ReturnType<typeof userEvent.setup>;

const sentMessage =
  'Tu solicitud fue enviada. Nuestro equipo la revisará y te llegará un email con el resultado.';

function renderForm(handlers: Handlers = {}) {
  const fetchMock = mockApi({
    'GET /roles': { body: { roles } },
    'GET /colleges/list': { body: { colleges: collegeOptions } },
    'POST /register-requests': { status: 201, body: { message: sentMessage } },
    ...handlers,
  });
  const onBack = vi.fn();
  renderWithProviders(<RegisterRequestForm onBack={onBack} />);
  return { fetchMock, onBack, user: userEvent.setup({ delay: null }) };
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const select = (name: RegExp) => screen.getByRole('combobox', { name });
const send = () => screen.getByRole('button', { name: 'Enviar' });

async function choose(user: User, combobox: HTMLElement, option: string) {
  await user.click(combobox);
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

async function optionsOf(user: User, combobox: HTMLElement) {
  await user.click(combobox);
  const names = within(await screen.findByRole('listbox'))
    .getAllByRole('option')
    .map((option) => option.textContent);
  await user.keyboard('{Escape}');
  return names;
}

async function type(user: User, input: HTMLElement, text: string) {
  await user.clear(input);
  await user.click(input);
  await user.paste(text);
}

/** The schools (and roles) have arrived: the school field no longer says 'Cargando...'. */
async function listsLoaded() {
  await vi.waitFor(() => expect(screen.queryByText('Cargando...')).not.toBeInTheDocument());
}

/** Fills the person's fields; school and grade are left to each test. */
async function fillPerson(user: User) {
  await type(user, field(/Email/), 'Nueva.Persona@Example.cl');
  await type(user, field(/Nombre/), 'Camila Pérez Muñoz');
  await choose(user, select(/Rol/), 'Docente');
  await type(user, field(/Comentario/), 'Soy docente de lenguaje del colegio.');
}

const posts = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => JSON.parse(init!.body as string) as Record<string, unknown>);

describe('RegisterRequestForm', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is opened from the login dialog by ¿Te gustaría formar parte?', async () => {
    mockApi({
      'GET /roles': { body: { roles } },
      'GET /colleges/list': { body: { colleges: collegeOptions } },
    });
    renderApp('/');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Ingresar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ingresar' });
    await user.click(within(dialog).getByRole('button', { name: '¿Te gustaría formar parte?' }));
    expect(await screen.findByRole('dialog', { name: 'Solicitud de registro' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: /Establecimiento/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Regresar' }));
    expect(await screen.findByRole('dialog', { name: 'Ingresar' })).toBeInTheDocument();
  });

  it('requires every field with the messages of the spec, and sends nothing', async () => {
    const { fetchMock, user } = renderForm();
    await user.click(send());
    expect(await screen.findByText('El Email es obligatorio')).toBeInTheDocument();
    expect(screen.getByText(requestMessages.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(requestMessages.roleRequired)).toBeInTheDocument();
    expect(screen.getByText('El campo Establecimiento es obligatorio')).toBeInTheDocument();
    expect(screen.getByText(requestMessages.commentRequired)).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([]);
  });

  it('checks the e-mail, the letters rule of the name and the comment length', async () => {
    const { fetchMock, user } = renderForm();
    await type(user, field(/Email/), 'no-es-un-email');
    await type(user, field(/Nombre/), 'Ana  María');
    await type(user, field(/Comentario/), 'x'.repeat(101));
    await user.click(send());
    expect(await screen.findByText('Ingresa un email valido')).toBeInTheDocument();
    expect(
      screen.getByText('Solo letras minusculas, mayusculas y con un espacio de separación'),
    ).toBeInTheDocument();
    expect(screen.getByText('La explicación no debe tener más de 100 caracteres')).toBeInTheDocument();
    await type(user, field(/Nombre/), 'A');
    await user.click(send());
    expect(await screen.findByText(requestMessages.nameMin)).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([]);
  });

  it('offers Estudiante and Docente only, never the administrator role', async () => {
    const { user } = renderForm();
    await listsLoaded();
    expect(await optionsOf(user, select(/Rol/))).toEqual(['Docente', 'Estudiante']);
  });

  it('offers the grades of the chosen school and Otro, and a grade is required', async () => {
    const { user } = renderForm();
    expect(select(/Curso/)).toHaveAttribute('aria-disabled', 'true');
    await listsLoaded();
    expect(await optionsOf(user, select(/Establecimiento/))).toEqual([
      'Colegio Los Andes',
      'Liceo Bicentenario',
      'Otro',
    ]);
    await choose(user, select(/Establecimiento/), 'Colegio Los Andes');
    expect(await optionsOf(user, select(/Curso/))).toEqual(['Quinto Básico A', 'Sexto Básico B', 'Otro']);
    await user.click(send());
    expect(await screen.findByText('El campo Curso es obligatorio')).toBeInTheDocument();
    // Changing the school clears the grade.
    await choose(user, select(/Curso/), 'Sexto Básico B');
    await choose(user, select(/Establecimiento/), 'Liceo Bicentenario');
    expect(await optionsOf(user, select(/Curso/))).toEqual(['Primero Medio C', 'Otro']);
    expect(select(/Curso/)).not.toHaveTextContent('Sexto');
  });

  it('sends a listed school and grade, and shows the message of the API', async () => {
    const { fetchMock, user } = renderForm();
    await fillPerson(user);
    await listsLoaded();
    await choose(user, select(/Establecimiento/), 'Colegio Los Andes');
    await choose(user, select(/Curso/), 'Sexto Básico B');
    await user.click(send());
    expect(await screen.findByText(sentMessage)).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([
      {
        email: 'nueva.persona@example.cl',
        name: 'Camila Pérez Muñoz',
        role: ids.teacher,
        collegeId: ids.andes,
        gradeId: ids.andes6b,
        userComment: 'Soy docente de lenguaje del colegio.',
        website: '',
      },
    ]);
    expect(screen.queryByRole('button', { name: 'Enviar' })).not.toBeInTheDocument();
  });

  it("'Otro' school forces an 'Otro' grade typed in parts, with the spec's rules", async () => {
    const { fetchMock, user } = renderForm();
    await fillPerson(user);
    await listsLoaded();
    await choose(user, select(/Establecimiento/), 'Otro');
    expect(select(/^Curso/)).toHaveAttribute('aria-disabled', 'true');
    expect(select(/^Curso/)).toHaveTextContent('Otro');
    await user.click(send());
    expect(await screen.findByText('El campo Establecimiento es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('El campo Curso es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('El ciclo es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('El nivel es obligatorio')).toBeInTheDocument();

    await type(user, field(/Nombre del establecimiento/), 'Lice');
    await type(user, field(/Nombre del curso/), 'B2');
    await user.click(send());
    expect(await screen.findByText(requestMessages.collegeNameMin)).toBeInTheDocument();
    expect(
      screen.getByText('Solo letras minusculas, mayusculas y con un espacio de separación'),
    ).toBeInTheDocument();
    await type(user, field(/Nombre del establecimiento/), 'L'.repeat(51));
    await user.click(send());
    expect(await screen.findByText(requestMessages.collegeNameMax)).toBeInTheDocument();

    await type(user, field(/Nombre del establecimiento/), 'Escuela Rural El Sauce');
    await type(user, field(/Nombre del curso/), 'B');
    await choose(user, select(/Ciclo/), 'Medio');
    await choose(user, select(/Nivel/), 'Tercero');
    await user.click(send());
    expect(await screen.findByText(sentMessage)).toBeInTheDocument();
    const [body] = posts(fetchMock);
    expect(body).toMatchObject({
      collegeName: 'Escuela Rural El Sauce',
      gradeName: 'B',
      level: 'Tercero',
      cicle: 'Medio',
    });
    expect(body).not.toHaveProperty('collegeId');
    expect(body).not.toHaveProperty('gradeId');
  });

  it("a listed school with an 'Otro' grade sends the school's id and the typed grade", async () => {
    const { fetchMock, user } = renderForm();
    await fillPerson(user);
    await listsLoaded();
    await choose(user, select(/Establecimiento/), 'Liceo Bicentenario');
    await choose(user, select(/^Curso/), 'Otro');
    await choose(user, select(/Ciclo/), 'Básico');
    await choose(user, select(/Nivel/), 'Octavo');
    // Changing the cycle clears the level.
    await choose(user, select(/Ciclo/), 'Medio');
    await user.click(send());
    expect(await screen.findByText('El nivel es obligatorio')).toBeInTheDocument();
    await choose(user, select(/Nivel/), 'Cuarto');
    await type(user, field(/Nombre del curso/), 'A');
    await user.click(send());
    await screen.findByText(sentMessage);
    const [body] = posts(fetchMock);
    expect(body).toMatchObject({ collegeId: ids.liceo, gradeName: 'A', level: 'Cuarto', cicle: 'Medio' });
    expect(body).not.toHaveProperty('gradeId');
  });

  it('hides the honeypot from people and sends it empty', async () => {
    renderForm();
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]');
    expect(honeypot).not.toBeNull();
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot!.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: /Sitio web/ })).not.toBeInTheDocument();
  });

  it('shows a taken or pending e-mail (409) under the e-mail field', async () => {
    const { user } = renderForm({
      'POST /register-requests': {
        status: 409,
        body: {
          type: 'CONFLICT',
          message: requestMessages.emailPending,
          errors: { email: requestMessages.emailPending },
        },
      },
    });
    await fillPerson(user);
    await listsLoaded();
    await choose(user, select(/Establecimiento/), 'Colegio Los Andes');
    await choose(user, select(/Curso/), 'Quinto Básico A');
    await user.click(send());
    const message = await screen.findByText(requestMessages.emailPending);
    expect(field(/Email/)).toHaveAccessibleDescription(requestMessages.emailPending);
    expect(message).toBeInTheDocument();
  });

  it('shows the server’s field errors on their fields, and the 429 message', async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: {
        type: 'VALIDATION_ERROR',
        message: 'Datos inválidos',
        errors: { gradeId: requestMessages.gradeOutsideCollege },
      },
    };
    const { user } = renderForm({ 'POST /register-requests': () => answer });
    await fillPerson(user);
    await listsLoaded();
    await choose(user, select(/Establecimiento/), 'Colegio Los Andes');
    await choose(user, select(/Curso/), 'Quinto Básico A');
    await user.click(send());
    expect(await screen.findByText(requestMessages.gradeOutsideCollege)).toBeInTheDocument();

    answer = { status: 429, body: { type: 'RATE_LIMITED', message: requestMessages.rateLimited } };
    await user.click(send());
    expect(await screen.findByText(requestMessages.rateLimited)).toBeInTheDocument();
    expect(screen.queryByText(sentMessage)).not.toBeInTheDocument();
  });
});
