import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithProviders, type Handler } from '../../../test/utils';
import { collegeId, gradeWithTeachers } from '../test/fixtures';
import { GradeFormDialog } from './GradeFormDialog';

type Grade = Parameters<typeof GradeFormDialog>[0]['grade'];

function renderForm(
  grade: Grade,
  handlers: Record<string, Handler | { status?: number; body?: unknown }> = {},
) {
  const fetchMock = mockApi(handlers);
  const onClose = vi.fn();
  renderWithProviders(<GradeFormDialog open collegeId={collegeId} grade={grade} onClose={onClose} />);
  return { fetchMock, onClose, user: userEvent.setup({ delay: null }) };
}

const cycleField = () => screen.getByRole('combobox', { name: /Ciclo/ });
const levelField = () => screen.getByRole('combobox', { name: /Nivel/ });
const nameField = () => screen.getByRole('textbox', { name: /Nombre/ });
const submit = (name: string) => screen.getByRole('button', { name });

async function choose(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, option: string) {
  await user.click(field);
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

async function optionsOf(user: ReturnType<typeof userEvent.setup>, field: HTMLElement) {
  await user.click(field);
  const names = within(await screen.findByRole('listbox'))
    .getAllByRole('option')
    .map((option) => option.textContent);
  await user.keyboard('{Escape}');
  return names;
}

const sentBody = (fetchMock: ReturnType<typeof mockApi>) => {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST' || init?.method === 'PATCH');
  return JSON.parse(call![1]!.body as string) as unknown;
};

describe('GradeFormDialog', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('requires cycle, level and name with the messages of the spec', async () => {
    const { fetchMock, user } = renderForm(null);
    expect(screen.getByRole('dialog', { name: 'Nuevo curso' })).toBeInTheDocument();
    await user.click(submit('Crear'));
    expect(await screen.findByText('El ciclo es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('El nivel es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('El nombre debe tener al menos 1 caracteres')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('limits the name to 25 characters', async () => {
    const { user } = renderForm(null);
    await user.click(nameField());
    await user.paste('Sección de la tarde número 2');
    await user.click(submit('Crear'));
    expect(await screen.findByText('El nombre no debe tener más de 25 caracteres')).toBeInTheDocument();
  });

  it('offers the levels of the chosen cycle, and changing the cycle clears the level', async () => {
    const { user } = renderForm(null);
    expect(levelField()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Primero elige un ciclo')).toBeInTheDocument();
    expect(await optionsOf(user, cycleField())).toEqual(['Básico', 'Medio']);

    await choose(user, cycleField(), 'Básico');
    expect(await optionsOf(user, levelField())).toEqual([
      'Primero',
      'Segundo',
      'Tercero',
      'Cuarto',
      'Quinto',
      'Sexto',
      'Séptimo',
      'Octavo',
    ]);
    // 'Primero' exists in both cycles: it is cleared all the same.
    await choose(user, levelField(), 'Primero');
    expect(levelField()).toHaveTextContent('Primero');

    await choose(user, cycleField(), 'Medio');
    expect(levelField()).not.toHaveTextContent('Primero');
    expect(await optionsOf(user, levelField())).toEqual(['Primero', 'Segundo', 'Tercero', 'Cuarto']);
    await user.click(submit('Crear'));
    expect(await screen.findByText('El nivel es obligatorio')).toBeInTheDocument();
  });

  it('creates the grade in the school, toasts and closes', async () => {
    const { fetchMock, onClose, user } = renderForm(null, {
      [`POST /colleges/${collegeId}/grades`]: ({ body }) => ({
        status: 201,
        body: { grade: { _id: 'nuevo', collegeId, ...(body as object) } },
      }),
    });
    await choose(user, cycleField(), 'Medio');
    await choose(user, levelField(), 'Tercero');
    await user.type(nameField(), ' C ');
    await user.click(submit('Crear'));
    expect(await screen.findByText('Curso añadido exitosamente')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(sentBody(fetchMock)).toEqual({ cicle: 'Medio', level: 'Tercero', name: 'C' });
  });

  it('edits a grade: starts from its values, sends a PATCH and toasts', async () => {
    const { fetchMock, onClose, user } = renderForm(gradeWithTeachers, {
      [`PATCH /colleges/${collegeId}/grades/${gradeWithTeachers._id}`]: {
        body: { grade: gradeWithTeachers },
      },
    });
    expect(screen.getByRole('dialog', { name: 'Editar curso' })).toBeInTheDocument();
    expect(cycleField()).toHaveTextContent('Medio');
    expect(levelField()).toHaveTextContent('Primero');
    expect(nameField()).toHaveValue('A');
    await user.clear(nameField());
    await user.type(nameField(), 'B');
    await user.click(submit('Guardar'));
    expect(await screen.findByText('Curso actualizado exitosamente')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(sentBody(fetchMock)).toEqual({ cicle: 'Medio', level: 'Primero', name: 'B' });
  });

  it("shows the server's answer on the form: a duplicate grade under the name, field messages under their fields", async () => {
    let answer: { status: number; body: unknown } = {
      status: 409,
      body: { type: 'CONFLICT', message: 'Ya existe un curso con ese nivel, ciclo y nombre' },
    };
    const { onClose, user } = renderForm(gradeWithTeachers, {
      [`PATCH /colleges/${collegeId}/grades/${gradeWithTeachers._id}`]: () => answer,
    });
    await user.click(submit('Guardar'));
    expect(await screen.findByText('Ya existe un curso con ese nivel, ciclo y nombre')).toBeInTheDocument();
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');

    answer = {
      status: 400,
      body: {
        type: 'VALIDATION_ERROR',
        message: 'Datos inválidos',
        errors: { level: 'El nivel no corresponde al ciclo' },
      },
    };
    await user.click(submit('Guardar'));
    expect(await screen.findByText('El nivel no corresponde al ciclo')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
