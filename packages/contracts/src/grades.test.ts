import { describe, expect, it } from 'vitest';
import {
  createGradeBodySchema,
  gradeCycles,
  gradeLabel,
  isLevelOfCycle,
  updateGradeBodySchema,
} from './grades';
import { createCollegeBodySchema, updateCollegeBodySchema } from './colleges';

const firstMessages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    out[issue.path.join('.')] ??= issue.message;
  }
  return out;
};

describe('grade contracts', () => {
  it('shows a grade as level, cycle and name', () => {
    expect(gradeLabel({ level: 'Primero', cicle: 'Medio', name: 'A' })).toBe('Primero Medio A');
  });

  it('knows Básico Primero to Octavo and Medio Primero to Cuarto', () => {
    expect(gradeCycles['Básico']).toHaveLength(8);
    expect(gradeCycles.Medio).toEqual(['Primero', 'Segundo', 'Tercero', 'Cuarto']);
    expect(isLevelOfCycle('Básico', 'Octavo')).toBe(true);
    expect(isLevelOfCycle('Medio', 'Quinto')).toBe(false);
    expect(isLevelOfCycle('Superior', 'Primero')).toBe(false);
  });

  it('gives the form the spec’s messages', () => {
    expect(firstMessages(createGradeBodySchema.safeParse({}))).toEqual({
      name: 'El nombre es obligatorio',
      level: 'El nivel es obligatorio',
      cicle: 'El ciclo es obligatorio',
    });
    expect(
      firstMessages(createGradeBodySchema.safeParse({ name: '', level: 'Quinto', cicle: 'Medio' })),
    ).toEqual({
      name: 'El nombre debe tener al menos 1 caracteres',
      level: 'El nivel no corresponde al ciclo',
    });
    expect(
      firstMessages(
        updateGradeBodySchema.safeParse({ name: 'x'.repeat(26), level: 'Quinto', cicle: 'Medio' }),
      ),
    ).toEqual({
      name: 'El nombre no debe tener más de 25 caracteres',
      level: 'El nivel no corresponde al ciclo',
    });
    expect(updateGradeBodySchema.safeParse({ cicle: 'Medio' }).success).toBe(true);
  });
});

describe('college contracts', () => {
  it('trims the name and turns an empty region or commune into null', () => {
    expect(createCollegeBodySchema.parse({ name: '  Liceo Uno ', region: ' ', zone: '' })).toEqual({
      name: 'Liceo Uno',
      region: null,
      zone: null,
    });
    expect(updateCollegeBodySchema.parse({})).toEqual({});
  });

  it('gives the form the spec’s name messages', () => {
    expect(firstMessages(createCollegeBodySchema.safeParse({}))).toEqual({
      name: 'El nombre es obligatorio',
    });
    expect(firstMessages(createCollegeBodySchema.safeParse({ name: 'Lice' }))).toEqual({
      name: 'El nombre debe tener al menos 5 caracteres',
    });
    expect(firstMessages(createCollegeBodySchema.safeParse({ name: 'x'.repeat(251) }))).toEqual({
      name: 'El nombre no debe tener más de 250 caracteres',
    });
  });
});
