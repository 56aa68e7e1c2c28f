import { describe, expect, it } from 'vitest';
import { bulkImportMaxRows } from '@fics/contracts';
import {
  addItems,
  extractEmails,
  isValidEmail,
  nameFromEmail,
  separatorKeys,
  splitItems,
  usersFromItems,
} from './email-list';

describe('e-mail list parsing', () => {
  it('closes an item on Enter, Tab, comma and space', () => {
    expect(separatorKeys).toEqual(['Enter', 'Tab', ',', ' ']);
  });

  it('splits typed text on new lines, tabs, commas and spaces, dropping empty pieces', () => {
    expect(splitItems('ana@x.cl\nbeto@x.cl\tcata@x.cl, dani@x.cl  eva@x.cl,,\n')).toEqual([
      'ana@x.cl',
      'beto@x.cl',
      'cata@x.cl',
      'dani@x.cl',
      'eva@x.cl',
    ]);
    expect(splitItems('  ,\n\t ')).toEqual([]);
  });

  it('extracts every e-mail-like string from pasted text', () => {
    const pasted =
      'Hola equipo: Ana Pérez <ana.perez@colegio.cl>; "beto@colegio.cl", mailto:cata@colegio.cl\n' +
      'escríbanle también a dani_r@colegio.cl. Gracias!';
    expect(extractEmails(pasted)).toEqual([
      'ana.perez@colegio.cl',
      'beto@colegio.cl',
      'cata@colegio.cl',
      'dani_r@colegio.cl',
    ]);
  });

  it('extracts e-mail-like strings that are not valid, so they can be flagged', () => {
    expect(extractEmails('ana@colegio, sin-arroba, beto@x.cl')).toEqual(['ana@colegio', 'beto@x.cl']);
    expect(extractEmails('nada por aquí')).toEqual([]);
  });

  it('flags invalid items and keeps valid ones', () => {
    const items = addItems([], ['ana@x.cl', 'ana@', 'no-es-correo', 'beto@colegio.cl']);
    expect(items).toEqual([
      { value: 'ana@x.cl', valid: true },
      { value: 'ana@', valid: false },
      { value: 'no-es-correo', valid: false },
      { value: 'beto@colegio.cl', valid: true },
    ]);
  });

  it('skips items already listed, comparing without case', () => {
    const first = addItems([], ['Ana@X.cl']);
    expect(addItems(first, ['ana@x.cl', ' ANA@x.CL ', 'beto@x.cl']).map((i) => i.value)).toEqual([
      'Ana@X.cl',
      'beto@x.cl',
    ]);
  });

  it('stops adding at the import limit', () => {
    const values = Array.from({ length: bulkImportMaxRows + 5 }, (_, i) => `u${i}@x.cl`);
    expect(addItems([], values)).toHaveLength(bulkImportMaxRows);
  });

  it('checks e-mails with the same rule as the server', () => {
    expect(isValidEmail('ana.perez+curso@colegio.cl')).toBe(true);
    expect(isValidEmail('ana perez@colegio.cl')).toBe(false);
    expect(isValidEmail('ana@colegio')).toBe(false);
  });

  it('takes the name from the part before the at sign', () => {
    expect(nameFromEmail('ana.perez@colegio.cl')).toBe('ana.perez');
    expect(usersFromItems(addItems([], ['ana.perez@colegio.cl', 'beto@x.cl']))).toEqual([
      { name: 'ana.perez', email: 'ana.perez@colegio.cl' },
      { name: 'beto', email: 'beto@x.cl' },
    ]);
  });
});
