/**
 * The bulk import wizard, opened from the user list. Load it lazily (`import('../../bulk-import')`):
 * it reads spreadsheets with a heavy library that no other screen needs.
 */
export { BulkImportDialog, type BulkImportDialogProps } from './components/BulkImportDialog';
