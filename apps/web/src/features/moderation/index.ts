/**
 * What other features may use of moderation (issue 21.1-2, 21.5-6; lint: eslint.config.js, feature
 * boundaries): 'Reportar' with its dialog (loaded when first opened), the 'En revisión' / 'Esperando
 * aprobación' chip, 'Aprobar' / 'Rechazar' on a held comment or reply, and the fic's 'Quién puede
 * comentar'. The 'Reportes' screen (with 'Por aprobar' and 'Palabras') is reached through the route
 * table (pages/ReportsPage).
 */
export { ReportButton } from './components/ReportButton';
export { UnderReviewChip } from './components/UnderReviewChip';
export { ApprovalButtons } from './components/ApprovalButtons';
export { CommentsModeControl } from './components/CommentsModeControl';
