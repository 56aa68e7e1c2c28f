import { describe, expect, it } from 'vitest';
import {
  bulkUserRowSchema,
  updateProfileBodySchema,
  updateUserBodySchema,
  usersQuerySchema,
} from './users-api';

const id = '6f1c1d2e-8a4b-4c3d-9e5f-0a1b2c3d4e5f';

describe('users contracts', () => {
  it('reads school and grade lists from JSON arrays, JSON array strings, single ids and blanks', () => {
    expect(updateUserBodySchema.parse({ collegeId: [id] }).collegeId).toEqual([id]);
    expect(updateUserBodySchema.parse({ collegeId: JSON.stringify([id]) }).collegeId).toEqual([id]);
    expect(updateUserBodySchema.parse({ gradeId: id }).gradeId).toEqual([id]);
    expect(updateUserBodySchema.parse({ gradeId: '' }).gradeId).toEqual([]);
    expect(updateUserBodySchema.parse({}).gradeId).toBeUndefined();
    expect(updateUserBodySchema.safeParse({ gradeId: '[1,2' }).success).toBe(false);
  });

  it('treats blank list filters as absent', () => {
    expect(usersQuerySchema.parse({ roleId: '', collegeId: id, search: '  ', page: '' })).toEqual({
      collegeId: id,
      page: 1,
      limit: 50,
    });
  });

  it('reads page and limit from the query string, refusing values outside their range', () => {
    expect(usersQuerySchema.parse({ page: '3', limit: '100', search: ' Ñandú ' })).toEqual({
      page: 3,
      limit: 100,
      search: 'Ñandú',
    });
    const tooMany = usersQuerySchema.safeParse({ limit: '101' });
    expect(tooMany.error?.issues[0]?.message).toBe('El límite debe ser un número entero entre 1 y 100');
    expect(usersQuerySchema.safeParse({ page: '0' }).error?.issues[0]?.message).toBe(
      'La página debe ser un número entero entre 1 y 10.000',
    );
  });

  it('normalises a bulk row and words its errors for the summary', () => {
    expect(bulkUserRowSchema.parse({ name: ' Ana ', email: ' Ana@Fics.CL ' })).toEqual({
      name: 'Ana',
      email: 'ana@fics.cl',
    });
    expect(bulkUserRowSchema.safeParse({ name: 'A', email: 'a@b.cl' }).error?.issues[0]?.message).toBe(
      'El nombre debe tener al menos 2 caracteres',
    );
  });

  it('keeps the profile limits of the spec', () => {
    const error = (body: object) => updateProfileBodySchema.safeParse(body).error?.issues[0]?.message;
    expect(error({ name: 'x'.repeat(41) })).toBe('El nombre no debe tener más de 40 caracteres');
    expect(error({ bio: 'x'.repeat(101) })).toBe('La biografía no debe tener más de 100 caracteres');
    expect(error({ bio: 'x'.repeat(100), phoneNumber: null })).toBeUndefined();
  });
});
