import { describe, expect, it } from 'vitest';
import { rowFieldErrors, toImportRows, validateRows } from './rows';

describe('row validation', () => {
  it('accepts a name of 2 or more characters and a valid e-mail', () => {
    const [row] = toImportRows([{ name: 'Al', email: 'al@colegio.cl' }]);
    expect(rowFieldErrors(row!)).toEqual({});
  });

  it('gives the spec messages for a short name and a bad or missing e-mail', () => {
    const rows = toImportRows([
      { name: 'A', email: 'a@colegio' },
      { name: '  ', email: '' },
    ]);
    expect(rowFieldErrors(rows[0]!)).toEqual({
      name: 'El nombre debe tener al menos 2 caracteres',
      email: 'Ingresa un email valido',
    });
    expect(rowFieldErrors(rows[1]!)).toEqual({
      name: 'El nombre debe tener al menos 2 caracteres',
      email: 'El Email es obligatorio',
    });
  });

  it('checks the optional birth year as the server does (issue 22.5)', () => {
    const [good, none, bad] = toImportRows([
      { name: 'Ana Pérez', email: 'ana@colegio.cl', birthYear: '2015' },
      { name: 'Beto Soto', email: 'beto@colegio.cl' },
      { name: 'Caro Díaz', email: 'caro@colegio.cl', birthYear: 'dos mil' },
    ]);
    expect(rowFieldErrors(good!)).toEqual({});
    expect(rowFieldErrors(none!)).toEqual({});
    expect(rowFieldErrors(bad!)).toEqual({
      birthYear: 'El año de nacimiento debe ser un número de cuatro cifras, como 2014',
    });
    expect(validateRows([good!, none!, bad!]).get(bad!.id)).toEqual({
      birthYear: 'El año de nacimiento debe ser un número de cuatro cifras, como 2014',
    });
  });

  it('refuses a name longer than 40 characters', () => {
    const [row] = toImportRows([{ name: 'N'.repeat(41), email: 'n@x.cl' }]);
    expect(rowFieldErrors(row!).name).toBe('El nombre no debe tener más de 40 caracteres');
  });

  it('lists only rows with errors, keyed by row id, and flags repeated e-mails after the first', () => {
    const rows = toImportRows([
      { name: 'Ana', email: 'ana@x.cl' },
      { name: 'B', email: 'beto@x.cl' },
      { name: 'Ana bis', email: ' ANA@x.cl' },
    ]);
    const errors = validateRows(rows);
    expect([...errors.keys()]).toEqual([rows[1]!.id, rows[2]!.id]);
    expect(errors.get(rows[2]!.id)).toEqual({ email: 'El email está repetido en la lista' });
  });

  it('gives every row its own key', () => {
    const rows = toImportRows([
      { name: 'Ana', email: 'ana@x.cl' },
      { name: 'Ana', email: 'ana@x.cl' },
    ]);
    expect(new Set(rows.map((row) => row.id)).size).toBe(2);
  });
});
