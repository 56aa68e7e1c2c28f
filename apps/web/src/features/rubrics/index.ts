/** What other features may use of the rubrics feature. */
export { RubricGrid, type GridColumn, type GridRow } from './components/RubricGrid';
