/**
 * What other features may use of moderation (issue 21.1-2; lint: eslint.config.js, feature
 * boundaries): 'Reportar' with its dialog (loaded when first opened) and the 'En revisión' chip.
 * The 'Reportes' screen is reached through the route table (pages/ReportsPage).
 */
export { ReportButton } from './components/ReportButton';
export { UnderReviewChip } from './components/UnderReviewChip';
