import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages, rubricMessages, type Rubric } from '@fics/contracts';
import { rubrics } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { member } from '../users/users.fixtures';
import {
  createRubric,
  patchRubric,
  postRubric,
  rubricBody,
  rubricColumns,
  rubricRow,
} from './rubrics.fixtures';

type Member = Awaited<ReturnType<typeof member>>;

/** `count` columns: the criterion, then levels 1…; `rows` rows with a cell under each. */
function grid(count: number, rows: number) {
  const columns = Array.from({ length: count }, (_, i) => ({
    key: String(i),
    name: i === 0 ? 'Criterio' : `Nivel ${i}`,
    pointValue: i === 0 ? 0 : count - i,
  }));
  const items = Array.from({ length: rows }, (_, r) =>
    Object.fromEntries(columns.map((c) => [`col${c.key}`, { value: `Fila ${r} ${c.name}`, checked: false }])),
  );
  return { columns, items };
}

const withColumn = (index: number, change: Record<string, unknown>) =>
  rubricColumns().map((c, i) => (i === index ? { ...c, ...change } : c));

const withCell = (field: string, value: unknown) => [
  { ...rubricRow('Ortografía'), [field]: value },
  rubricRow('Coherencia'),
];

describe('rubric validation (POST and PATCH /rubrics): 400 with one Spanish message per field', () => {
  let t: TestApp;
  let teacher: Member;
  let existing: Rubric;

  beforeAll(async () => {
    t = await buildTestApp();
    teacher = await member(t.app, 'TEACHER');
    existing = await createRubric(t.app, teacher.headers, { title: 'Original' });
  });
  afterAll(async () => {
    await t.close();
  });

  const rubricCount = async () => (await t.app.db.select({ id: rubrics.id }).from(rubrics)).length;
  const storedExisting = async () =>
    (await t.app.db.select().from(rubrics).where(eq(rubrics.id, existing._id)))[0];

  /**
   * The body is refused by POST and by PATCH with exactly these field errors; nothing is created and
   * the existing rubric is unchanged.
   */
  async function expectRefused(overrides: Record<string, unknown>, errors: Record<string, string>) {
    const countBefore = await rubricCount();
    const before = await storedExisting();
    const body = rubricBody(overrides);
    for (const res of [
      await postRubric(t.app, teacher.headers, body),
      await patchRubric(t.app, teacher.headers, existing._id, body),
    ]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ type: 'VALIDATION_ERROR', message: messages.validation, errors });
    }
    expect(await rubricCount()).toBe(countBefore);
    expect(await storedExisting()).toEqual(before);
  }

  /** The body is accepted by POST (201) and PATCH (200). */
  async function expectAccepted(overrides: Record<string, unknown>): Promise<Rubric> {
    const body = rubricBody(overrides);
    const created = await postRubric(t.app, teacher.headers, body);
    expect(created.statusCode, created.body).toBe(201);
    const other = await createRubric(t.app, teacher.headers);
    const updated = await patchRubric(t.app, teacher.headers, other._id, body);
    expect(updated.statusCode, updated.body).toBe(200);
    return created.json<{ rubric: Rubric }>().rubric;
  }

  describe('title', () => {
    it('refuses one character, 31 characters, blanks and no title', async () => {
      await expectRefused({ title: 'A' }, { title: 'El título debe tener al menos 2 caracteres' });
      await expectRefused({ title: 'x'.repeat(31) }, { title: 'El título debe tener máximo 30 caracteres' });
      await expectRefused({ title: '   ' }, { title: 'El título es requerido' });
      await expectRefused({ title: undefined }, { title: rubricMessages.titleRequired });
      await expectRefused({ title: 12 }, { title: rubricMessages.titleRequired });
    });

    it('accepts 2 and 30 characters (counted after trimming)', async () => {
      expect((await expectAccepted({ title: 'Ab' })).title).toBe('Ab');
      expect((await expectAccepted({ title: ` ${'x'.repeat(30)} ` })).title).toBe('x'.repeat(30));
    });
  });

  describe('description', () => {
    it('refuses 101 characters and none', async () => {
      await expectRefused(
        { description: 'd'.repeat(101) },
        { description: 'La descripción debe tener máximo 100 caracteres' },
      );
      await expectRefused({ description: '' }, { description: rubricMessages.descriptionRequired });
    });

    it('accepts 100 characters', async () => {
      expect((await expectAccepted({ description: 'd'.repeat(100) })).description).toHaveLength(100);
    });
  });

  describe('columns', () => {
    it('refuses a column name of 31 characters and an empty one', async () => {
      await expectRefused(
        { columns: withColumn(2, { name: 'n'.repeat(31) }) },
        { 'columns.2.name': 'El nombre de la columna debe tener máximo 30 caracteres' },
      );
      await expectRefused(
        { columns: withColumn(1, { name: ' ' }) },
        { 'columns.1.name': rubricMessages.columnNameRequired },
      );
    });

    it('refuses points with decimals, negative, empty or missing, with the spec messages', async () => {
      await expectRefused(
        { columns: withColumn(2, { pointValue: 1.5 }) },
        { 'columns.2.pointValue': 'El puntaje no puede contener decimales' },
      );
      await expectRefused(
        { columns: withColumn(1, { pointValue: -1 }) },
        { 'columns.1.pointValue': 'El puntaje no debe ser negativo' },
      );
      await expectRefused(
        { columns: withColumn(3, { pointValue: '' }) },
        { 'columns.3.pointValue': 'El puntaje es requerido' },
      );
      await expectRefused(
        { columns: withColumn(3, { pointValue: undefined }) },
        { 'columns.3.pointValue': rubricMessages.pointValueRequired },
      );
      await expectRefused(
        { columns: withColumn(3, { pointValue: 'tres' }) },
        { 'columns.3.pointValue': rubricMessages.pointValueRequired },
      );
      await expectRefused(
        { columns: withColumn(1, { pointValue: '2.5' }) },
        { 'columns.1.pointValue': rubricMessages.pointValueInteger },
      );
      await expectRefused(
        { columns: withColumn(1, { pointValue: 1001 }) },
        { 'columns.1.pointValue': rubricMessages.pointValueMax },
      );
    });

    it('accepts 0 and 1000 points', async () => {
      const rubric = await expectAccepted({
        columns: withColumn(1, { pointValue: 1000 }).map((c, i) => (i === 3 ? { ...c, pointValue: 0 } : c)),
      });
      expect(rubric.columns.map((c) => c.pointValue)).toEqual([0, 1000, 2, 0]);
    });

    it('refuses a single column (the criterion alone), more than 10, and no columns', async () => {
      await expectRefused(grid(1, 1), {
        columns: 'La rúbrica debe tener el criterio y al menos una columna de puntaje',
      });
      await expectRefused(grid(11, 1), { columns: 'La rúbrica puede tener hasta 10 columnas' });
      await expectRefused({ columns: [] }, { columns: rubricMessages.columnsMin });
      await expectRefused({ columns: undefined }, { columns: rubricMessages.columnsInvalid });
    });

    it('accepts 2 and 10 columns', async () => {
      expect((await expectAccepted(grid(2, 1))).columns).toHaveLength(2);
      expect((await expectAccepted(grid(10, 1))).columns).toHaveLength(10);
    });

    it('refuses two columns with the same key, and keys that are not plain words', async () => {
      const duplicate = rubricColumns().map((c, i) => (i === 3 ? { ...c, key: '1' } : c));
      await expectRefused(
        { columns: duplicate, items: [{ col0: { value: 'a' }, col1: { value: 'b' }, col2: { value: 'c' } }] },
        { columns: rubricMessages.columnsInvalid },
      );
      await expectRefused(
        { columns: withColumn(1, { key: 'a b' }) },
        { 'columns.1.key': rubricMessages.columnsInvalid },
      );
      await expectRefused(
        { columns: withColumn(1, { key: 'k'.repeat(21) }) },
        { 'columns.1.key': rubricMessages.columnsInvalid },
      );
    });
  });

  describe('rows and cells', () => {
    it('refuses a cell of 251 characters and an empty cell, on the cell’s path', async () => {
      await expectRefused(
        { items: withCell('col1', { value: 'c'.repeat(251), checked: false }) },
        { 'items.0.col1.value': 'El texto de la celda debe tener máximo 250 caracteres' },
      );
      await expectRefused(
        { items: withCell('col2', { value: '', checked: false }) },
        { 'items.0.col2.value': 'El texto de la celda es requerido' },
      );
      await expectRefused(
        { items: withCell('col0', { value: '  ', checked: false }) },
        { 'items.0.col0.value': rubricMessages.cellRequired },
      );
    });

    it('accepts a cell of 250 characters', async () => {
      const rubric = await expectAccepted({
        items: withCell('col3', { value: 'c'.repeat(250), checked: false }),
      });
      expect(rubric.items[0]!.col3!.value).toHaveLength(250);
    });

    it('refuses no rows and more than 30', async () => {
      await expectRefused({ items: [] }, { items: 'La rúbrica debe tener al menos una fila' });
      await expectRefused(grid(3, 31), { items: 'La rúbrica puede tener hasta 30 filas' });
      await expectRefused({ items: undefined }, { items: rubricMessages.rowsMin });
    });

    it('accepts 1 and 30 rows', async () => {
      expect((await expectAccepted(grid(3, 1))).items).toHaveLength(1);
      expect((await expectAccepted(grid(3, 30))).items).toHaveLength(30);
    });

    it('refuses a row missing a cell', async () => {
      const { col3: _missing, ...row } = rubricRow('Ortografía');
      await expectRefused(
        { items: [rubricRow('Coherencia'), row] },
        { 'items.1.col3.value': rubricMessages.cellRequired },
      );
    });

    it('refuses a row with a field that is no column’s cell', async () => {
      await expectRefused(
        { items: [{ ...rubricRow('Ortografía'), col9: { value: 'Extra', checked: false } }] },
        { 'items.0': 'La fila no coincide con las columnas de la rúbrica' },
      );
      await expectRefused(
        { items: [{ ...rubricRow('Ortografía'), ownerId: 'x' }] },
        // A field that cannot be a cell at all is named in the path.
        { 'items.0.ownerId': rubricMessages.rowInvalid },
      );
    });

    it('refuses a row or cell of the wrong type', async () => {
      await expectRefused({ items: ['fila'] }, { 'items.0': rubricMessages.rowInvalid });
      await expectRefused(
        { items: withCell('col1', { value: 'Bien', checked: 'sí' }) },
        { 'items.0.col1.checked': rubricMessages.rowInvalid },
      );
    });
  });

  describe('control characters', () => {
    it('refuses them in the title, description, column names and cells', async () => {
      const bad = 'Texto\u0007raro';
      await expectRefused({ title: bad }, { title: rubricMessages.controlCharacters });
      await expectRefused({ description: bad }, { description: rubricMessages.controlCharacters });
      await expectRefused(
        { columns: withColumn(1, { name: bad }) },
        { 'columns.1.name': rubricMessages.controlCharacters },
      );
      await expectRefused(
        { items: withCell('col2', { value: 'Con\u0000nulo', checked: false }) },
        { 'items.0.col2.value': rubricMessages.controlCharacters },
      );
    });
  });

  it('answers one message per field when several fields are wrong', async () => {
    await expectRefused(
      {
        title: 'A',
        description: 'd'.repeat(101),
        columns: withColumn(1, { name: '', pointValue: 1.5 }).map((c, i) =>
          i === 2 ? { ...c, pointValue: -1 } : c,
        ),
      },
      {
        title: rubricMessages.titleMin,
        description: rubricMessages.descriptionMax,
        'columns.1.name': rubricMessages.columnNameRequired,
        'columns.1.pointValue': rubricMessages.pointValueInteger,
        'columns.2.pointValue': rubricMessages.pointValueNegative,
      },
    );
    await expectRefused(
      {
        items: [
          { ...rubricRow('Ortografía'), col1: { value: '' }, col2: { value: 'c'.repeat(251) } },
          rubricRow('Coherencia'),
          { ...rubricRow('Cohesión'), col3: { value: ' ' } },
        ],
      },
      {
        'items.0.col1.value': rubricMessages.cellRequired,
        'items.0.col2.value': rubricMessages.cellMax,
        'items.2.col3.value': rubricMessages.cellRequired,
      },
    );
  });

  it('refuses a body that is not a rubric at all', async () => {
    for (const payload of ['"texto"', JSON.stringify([rubricBody()]), '42', 'null']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/rubrics',
        headers: { ...teacher.headers, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json<{ type: string }>().type).toBe('VALIDATION_ERROR');
    }
  });
});
