import { describe, expect, it } from 'vitest';
import { addItems } from './email-list';
import { needsSchool, selectionErrors, type SelectionInput } from './selection';

const base: SelectionInput = {
  roleName: 'ADMIN',
  collegeId: '',
  gradeId: '',
  source: 'excel',
  fileRows: 3,
  items: [],
};

describe('step 1 rules', () => {
  it('requires a role', () => {
    expect(selectionErrors({ ...base, roleName: null })).toEqual({ role: 'El campo Rol es obligatorio' });
  });

  it('needs school and grade for students and teachers, not for administrators', () => {
    expect(needsSchool('ADMIN')).toBe(false);
    expect(selectionErrors(base)).toEqual({});
    for (const roleName of ['STUDENT', 'TEACHER'] as const) {
      expect(selectionErrors({ ...base, roleName })).toEqual({
        collegeId: 'El establecimiento es obligatorio',
        gradeId: 'El curso es obligatorio',
      });
      expect(selectionErrors({ ...base, roleName, collegeId: 'c', gradeId: 'g' })).toEqual({});
    }
  });

  it("asks for a file with rows: 'Debe cargar un archivo'", () => {
    expect(selectionErrors({ ...base, fileRows: null })).toEqual({ source: 'Debe cargar un archivo' });
    expect(selectionErrors({ ...base, fileRows: 0 })).toEqual({ source: 'Debe cargar un archivo' });
  });

  it('blocks a list with an invalid item, and an empty list', () => {
    const list = { ...base, source: 'list' as const, fileRows: null };
    expect(selectionErrors({ ...list, items: addItems([], ['ana@x.cl', 'beto@']) })).toEqual({
      source: 'Hay errores en los correos listados',
    });
    expect(selectionErrors({ ...list, items: [] })).toEqual({ source: 'Debe ingresar al menos un correo' });
    expect(selectionErrors({ ...list, items: addItems([], ['ana@x.cl']) })).toEqual({});
  });
});
