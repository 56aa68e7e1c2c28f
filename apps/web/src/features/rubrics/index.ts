/**
 * What other features may use of the rubrics feature: the grid (the evaluation drawer, the student's
 * evaluation) and the teacher's rubrics (`useMyRubrics({ page: 1, limit: 100 })` in the drawer).
 */
export { RubricGrid, type GridColumn, type GridRow } from './components/RubricGrid';
export { useMyRubrics, useRubric, type MyRubricsPage } from './api';
export type { Rubric } from '@fics/contracts';
