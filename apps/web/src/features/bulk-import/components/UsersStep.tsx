import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '#icons/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import type { ImportRow, RowErrors } from '../lib/rows';

interface UsersStepProps {
  rows: readonly ImportRow[];
  onChange: (rows: ImportRow[]) => void;
  /** Errors per row id, from validateRows. */
  errors: ReadonlyMap<string, RowErrors>;
}

const PAGE_SIZES = [10, 25, 50];

/**
 * Step 'Información': the users about to be created, editable one by one (spec 000 §2). Paged, so a
 * 2,000-row file stays quick to edit; 'solo filas con errores' finds the rows that block the import.
 */
export function UsersStep({ rows, onChange, errors }: UsersStepProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  // The rows with errors when the filter was turned on: a row being fixed must not vanish mid-typing.
  const [errorFilter, setErrorFilter] = useState<ReadonlySet<string> | null>(null);

  const numbered = useMemo(() => rows.map((row, index) => ({ row, number: index + 1 })), [rows]);
  const visible = errorFilter ? numbered.filter(({ row }) => errorFilter.has(row.id)) : numbered;
  const lastPage = Math.max(0, Math.ceil(visible.length / pageSize) - 1);
  const currentPage = Math.min(page, lastPage);
  const pageRows = visible.slice(currentPage * pageSize, (currentPage + 1) * pageSize);

  // The optional birth year column (issue 22.5) shows when the list has one.
  const withBirthYear = useMemo(() => rows.some((row) => row.birthYear !== ''), [rows]);
  const update = (id: string, patch: Partial<Pick<ImportRow, 'name' | 'email' | 'birthYear'>>) =>
    onChange(rows.map((row) => (row.id === id ? { ...row, ...patch } : row)));
  const remove = (id: string) => onChange(rows.filter((row) => row.id !== id));

  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}
      >
        <Typography variant="body2" aria-live="polite">
          <strong>{t('bulkImport.usersCount', { count: rows.length })}</strong>
          {errors.size > 0 ? (
            <Box component="span" sx={{ color: 'error.dark', fontWeight: 600 }}>
              {' · '}
              {t('bulkImport.rowErrorsCount', { count: errors.size })}
            </Box>
          ) : null}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={errorFilter !== null}
              onChange={(event) => {
                setErrorFilter(event.target.checked ? new Set(errors.keys()) : null);
                setPage(0);
              }}
              disabled={errors.size === 0 && errorFilter === null}
            />
          }
          label={t('bulkImport.onlyErrors')}
        />
      </Stack>

      {rows.length === 0 ? (
        <Alert severity="info">{t('bulkImport.noRows')}</Alert>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {pageRows.map(({ row, number }) => {
            const rowErrors = errors.get(row.id);
            return (
              <Box
                component="li"
                key={row.id}
                aria-label={t('bulkImport.rowLabel', { number })}
                sx={(theme) => ({
                  display: 'grid',
                  gridTemplateColumns: '2.25rem 1fr auto',
                  alignItems: 'start',
                  gap: 1,
                  // Phones stack a row's two fields, so a line tells one row from the next.
                  pb: { xs: 1.5, md: 0 },
                  borderBottom: { xs: `1px solid ${theme.palette.divider}`, md: 'none' },
                })}
              >
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ pt: 1, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
                  aria-hidden
                >
                  {number}
                </Typography>
                <Box
                  sx={{
                    display: 'grid',
                    gridTemplateColumns: { xs: '1fr', md: withBirthYear ? '1fr 1.3fr 0.6fr' : '1fr 1.3fr' },
                    gap: 1,
                  }}
                >
                  <TextField
                    size="small"
                    label={t('bulkImport.name')}
                    value={row.name}
                    onChange={(event) => update(row.id, { name: event.target.value })}
                    error={Boolean(rowErrors?.name)}
                    helperText={rowErrors?.name}
                    slotProps={{ htmlInput: { 'aria-label': t('bulkImport.rowName', { number }) } }}
                  />
                  <TextField
                    size="small"
                    type="email"
                    label={t('bulkImport.email')}
                    value={row.email}
                    onChange={(event) => update(row.id, { email: event.target.value })}
                    error={Boolean(rowErrors?.email)}
                    helperText={rowErrors?.email}
                    slotProps={{ htmlInput: { 'aria-label': t('bulkImport.rowEmail', { number }) } }}
                  />
                  {withBirthYear ? (
                    <TextField
                      size="small"
                      label={t('guardianConsent.bulkBirthYear')}
                      value={row.birthYear}
                      onChange={(event) => update(row.id, { birthYear: event.target.value })}
                      error={Boolean(rowErrors?.birthYear)}
                      helperText={rowErrors?.birthYear}
                      slotProps={{
                        htmlInput: {
                          inputMode: 'numeric',
                          'aria-label': t('guardianConsent.bulkRowBirthYear', { number }),
                        },
                      }}
                    />
                  ) : null}
                </Box>
                <Tooltip title={t('bulkImport.removeRow', { number })}>
                  <IconButton
                    aria-label={t('bulkImport.removeRow', { number })}
                    onClick={() => remove(row.id)}
                    sx={{ mt: 0.25 }}
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                </Tooltip>
              </Box>
            );
          })}
        </Box>
      )}

      {visible.length > PAGE_SIZES[0]! ? (
        <TablePagination
          component="div"
          count={visible.length}
          page={currentPage}
          onPageChange={(_, next) => setPage(next)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(0);
          }}
          labelRowsPerPage={t('bulkImport.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('bulkImport.displayedRows', { from, to, count })}
          getItemAriaLabel={(type) =>
            ({
              first: t('bulkImport.firstPage'),
              previous: t('bulkImport.previousPage'),
              next: t('bulkImport.nextPage'),
              last: t('bulkImport.lastPage'),
            })[type]
          }
          sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', px: 0 } }}
        />
      ) : null}
    </Stack>
  );
}
