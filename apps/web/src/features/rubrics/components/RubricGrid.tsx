import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedOutlined from '@mui/icons-material/RadioButtonUncheckedOutlined';
import { useTranslation } from 'react-i18next';
import { cellField } from '@fics/contracts';

export interface GridColumn {
  key: string;
  name: string;
  pointValue: number;
}
export type GridRow = Record<string, { value: string; checked: boolean }>;

interface RubricGridProps {
  columns: readonly GridColumn[];
  items: readonly GridRow[];
  /** Accessible name of the table ('Rúbrica: Comprensión lectora'). */
  label: string;
  /**
   * Makes the level cells checkable (the evaluation form): called with the row and the column's key.
   * Without it the grid is read-only (the rubric preview, the student's evaluation).
   */
  onToggle?: (rowIndex: number, columnKey: string) => void;
  disabled?: boolean;
}

/**
 * A rubric or evaluation grid (spec 001 §2, §3): the criterion in the first column, one column per
 * level with its points. Checked cells are marked with colour and an icon (never colour alone); in
 * the evaluation form each level cell is a checkbox button, and the row's radio logic (one check
 * per row) belongs to the caller. Scrolls sideways on narrow screens instead of squeezing the text.
 */
export function RubricGrid({ columns, items, label, onToggle, disabled = false }: RubricGridProps) {
  const { t } = useTranslation();
  const [criterion, ...levels] = columns;
  if (!criterion) {
    return null;
  }
  return (
    <Box sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label={label} sx={{ minWidth: 120 + levels.length * 140 }}>
        <TableHead>
          <TableRow>
            <TableCell scope="col" sx={{ fontWeight: 700, minWidth: 120 }}>
              {criterion.name}
            </TableCell>
            {levels.map((column) => (
              <TableCell key={column.key} scope="col" sx={{ fontWeight: 700, minWidth: 140 }}>
                {column.name}
                <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                  {t('rubricGrid.points', { count: column.pointValue })}
                </Typography>
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((row, rowIndex) => (
            <TableRow key={rowIndex}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600, verticalAlign: 'top' }}>
                {row[cellField(criterion.key)]?.value}
              </TableCell>
              {levels.map((column) => {
                const cell = row[cellField(column.key)];
                const checked = cell?.checked ?? false;
                const text = cell?.value ?? '';
                const mark = checked ? (
                  <CheckCircle fontSize="small" color="primary" aria-hidden />
                ) : onToggle ? (
                  <RadioButtonUncheckedOutlined
                    fontSize="small"
                    aria-hidden
                    sx={{ color: 'text.secondary' }}
                  />
                ) : null;
                return (
                  <TableCell
                    key={column.key}
                    sx={{
                      verticalAlign: 'top',
                      p: onToggle ? 0 : undefined,
                      bgcolor: checked ? 'rgba(50, 173, 208, 0.14)' : undefined,
                      boxShadow: checked
                        ? (theme) => `inset 0 0 0 2px ${theme.palette.primary.main}`
                        : undefined,
                    }}
                  >
                    {onToggle ? (
                      <Box
                        component="button"
                        type="button"
                        role="checkbox"
                        aria-checked={checked}
                        aria-label={t('rubricGrid.cellLabel', {
                          criterion: row[cellField(criterion.key)]?.value ?? '',
                          level: column.name,
                          count: column.pointValue,
                        })}
                        disabled={disabled}
                        onClick={() => onToggle(rowIndex, column.key)}
                        sx={{
                          display: 'flex',
                          gap: 1,
                          alignItems: 'flex-start',
                          width: '100%',
                          minHeight: 48,
                          p: 1,
                          border: 0,
                          bgcolor: 'transparent',
                          font: 'inherit',
                          color: 'inherit',
                          textAlign: 'left',
                          cursor: disabled ? 'default' : 'pointer',
                          '&:hover:not(:disabled)': { bgcolor: 'action.hover' },
                          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
                        }}
                      >
                        {mark}
                        <span>{text}</span>
                      </Box>
                    ) : (
                      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                        {mark}
                        <span>
                          {text}
                          {checked ? (
                            <Box component="span" sx={visuallyHidden}>{` (${t('rubricGrid.checked')})`}</Box>
                          ) : null}
                        </span>
                      </Box>
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
