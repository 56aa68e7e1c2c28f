import type { FastifyInstance } from 'fastify';
import type { Rubric } from '@fics/contracts';

/** Test data for the rubric endpoints. */

type Headers = Record<string, string>;

export const rubricColumns = () => [
  { key: '0', name: 'Criterio', pointValue: 0 },
  { key: '1', name: 'Logrado', pointValue: 3 },
  { key: '2', name: 'Medianamente logrado', pointValue: 2 },
  { key: '3', name: 'Por lograr', pointValue: 1 },
];

/** A row of the default columns, its criterion named `criterion`. */
export const rubricRow = (criterion: string) => ({
  col0: { value: criterion, checked: false },
  col1: { value: 'Sin errores', checked: false },
  col2: { value: 'Pocos errores', checked: false },
  col3: { value: 'Muchos errores', checked: false },
});

/** A valid rubric as the editor sends it (two rows), with top-level fields replaced by `overrides`. */
export function rubricBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Rúbrica de cuentos',
    description: 'Para evaluar la narración de un cuento',
    columns: rubricColumns(),
    items: [rubricRow('Ortografía'), rubricRow('Coherencia')],
    ...overrides,
  };
}

export function postRubric(app: FastifyInstance, headers: Headers | null, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/rubrics',
    headers: headers ?? undefined,
    payload: payload as object,
  });
}

export function patchRubric(app: FastifyInstance, headers: Headers | null, id: string, payload: unknown) {
  return app.inject({
    method: 'PATCH',
    url: `/api/v1/rubrics/${id}`,
    headers: headers ?? undefined,
    payload: payload as object,
  });
}

export function getRubric(app: FastifyInstance, headers: Headers | null, id: string) {
  return app.inject({ method: 'GET', url: `/api/v1/rubrics/${id}`, headers: headers ?? undefined });
}

export function deleteRubric(app: FastifyInstance, headers: Headers | null, id: string) {
  return app.inject({ method: 'DELETE', url: `/api/v1/rubrics/${id}`, headers: headers ?? undefined });
}

export function myRubrics(app: FastifyInstance, headers: Headers | null, query = '') {
  return app.inject({
    method: 'GET',
    url: `/api/v1/rubrics/my-rubrics${query}`,
    headers: headers ?? undefined,
  });
}

/** Creates a rubric and returns it (fails the test if the API refuses). */
export async function createRubric(
  app: FastifyInstance,
  headers: Headers,
  overrides: Record<string, unknown> = {},
): Promise<Rubric> {
  const res = await postRubric(app, headers, rubricBody(overrides));
  if (res.statusCode !== 201) {
    throw new Error(`POST /rubrics answered ${res.statusCode}: ${res.body}`);
  }
  return res.json<{ rubric: Rubric }>().rubric;
}
