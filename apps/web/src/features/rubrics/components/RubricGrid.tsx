import { Fragment, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CheckCircle from '#icons/CheckCircle';
import RadioButtonUncheckedOutlined from '#icons/RadioButtonUncheckedOutlined';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { cellField } from '@fics/contracts';
import { visuallyHidden } from '../../../components/visually-hidden';

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
  /**
   * 'table' (the default): criteria down the side, levels across. 'stacked': one block per criterion
   * with its levels one under the other, which reads better than a sideways scroll on a phone.
   */
  layout?: 'table' | 'stacked';
  /**
   * What goes under a criterion's levels (the evaluation's comment on it, issue 20.5), or null.
   * Called with the row and its criterion's text.
   */
  rowExtra?: (rowIndex: number, criterion: string) => ReactNode;
}

/**
 * A rubric or evaluation grid (spec 001 §2, §3): the criterion in the first column, one column per
 * level with its points. Checked cells are marked with colour and an icon (never colour alone); in
 * the evaluation form each level cell is a checkbox button, and the row's radio logic (one check
 * per row) belongs to the caller. Scrolls sideways on narrow screens instead of squeezing the text.
 */
export function RubricGrid({
  columns,
  items,
  label,
  onToggle,
  disabled = false,
  layout = 'table',
  rowExtra,
}: RubricGridProps) {
  const { t } = useTranslation();
  const [criterion, ...levels] = columns;
  if (!criterion) {
    return null;
  }
  if (layout === 'stacked') {
    return (
      <StackedGrid
        criterion={criterion}
        levels={levels}
        items={items}
        label={label}
        onToggle={onToggle}
        disabled={disabled}
        rowExtra={rowExtra}
      />
    );
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
          {items.map((row, rowIndex) => {
            const extra = rowExtra?.(rowIndex, row[cellField(criterion.key)]?.value ?? '');
            return (
              <Fragment key={rowIndex}>
                <TableRow>
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
                              '&:focus-visible': {
                                outline: 2,
                                outlineColor: 'primary.main',
                                outlineOffset: -2,
                              },
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
                                <Box
                                  component="span"
                                  sx={visuallyHidden}
                                >{` (${t('rubricGrid.checked')})`}</Box>
                              ) : null}
                            </span>
                          </Box>
                        )}
                      </TableCell>
                    );
                  })}
                </TableRow>
                {extra ? (
                  <TableRow>
                    <TableCell colSpan={columns.length} sx={{ pt: 0.5 }}>
                      {extra}
                    </TableCell>
                  </TableRow>
                ) : null}
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}

interface StackedGridProps {
  criterion: GridColumn;
  levels: readonly GridColumn[];
  items: readonly GridRow[];
  label: string;
  onToggle?: (rowIndex: number, columnKey: string) => void;
  disabled: boolean;
  rowExtra?: (rowIndex: number, criterion: string) => ReactNode;
}

/** The grid for narrow screens: each criterion, then its levels with their points and texts. */
function StackedGrid({ criterion, levels, items, label, onToggle, disabled, rowExtra }: StackedGridProps) {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{ listStyle: 'none', p: 0, m: 0, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      {items.map((row, rowIndex) => {
        const criterionText = row[cellField(criterion.key)]?.value ?? '';
        const extra = rowExtra?.(rowIndex, criterionText);
        return (
          <Box
            component="li"
            key={rowIndex}
            sx={{ p: 1.5, '& + li': { borderTop: 1, borderColor: 'divider' } }}
          >
            <Typography component="p" sx={{ fontWeight: 700, mb: 1, overflowWrap: 'anywhere' }}>
              {criterionText}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
              {levels.map((column) => {
                const cell = row[cellField(column.key)];
                const checked = cell?.checked ?? false;
                const heading = (
                  <Typography component="span" variant="body2" sx={{ display: 'block', fontWeight: 600 }}>
                    {column.name}
                    <Typography component="span" variant="body2" color="text.secondary">
                      {` · ${t('rubricGrid.points', { count: column.pointValue })}`}
                    </Typography>
                  </Typography>
                );
                const body = (
                  <>
                    {checked ? (
                      <CheckCircle fontSize="small" color="primary" aria-hidden />
                    ) : onToggle ? (
                      <RadioButtonUncheckedOutlined
                        fontSize="small"
                        aria-hidden
                        sx={{ color: 'text.secondary' }}
                      />
                    ) : null}
                    <Box component="span" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                      {heading}
                      <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                        {cell?.value ?? ''}
                      </Typography>
                      {checked && !onToggle ? (
                        <Box component="span" sx={visuallyHidden}>{` (${t('rubricGrid.checked')})`}</Box>
                      ) : null}
                    </Box>
                  </>
                );
                const frame = {
                  display: 'flex',
                  gap: 1,
                  alignItems: 'flex-start',
                  width: '100%',
                  p: 1,
                  borderRadius: 1,
                  bgcolor: checked ? 'rgba(50, 173, 208, 0.14)' : 'grey.50',
                  boxShadow: checked
                    ? (theme: Theme) => `inset 0 0 0 2px ${theme.palette.primary.main}`
                    : undefined,
                } as const;
                return (
                  <li key={column.key}>
                    {onToggle ? (
                      <Box
                        component="button"
                        type="button"
                        role="checkbox"
                        aria-checked={checked}
                        aria-label={t('rubricGrid.cellLabel', {
                          criterion: criterionText,
                          level: column.name,
                          count: column.pointValue,
                        })}
                        disabled={disabled}
                        onClick={() => onToggle(rowIndex, column.key)}
                        sx={{
                          ...frame,
                          minHeight: 48,
                          border: 0,
                          font: 'inherit',
                          color: 'inherit',
                          textAlign: 'left',
                          cursor: disabled ? 'default' : 'pointer',
                          '&:hover:not(:disabled)': { bgcolor: 'action.hover' },
                          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
                        }}
                      >
                        {body}
                      </Box>
                    ) : (
                      <Box sx={frame}>{body}</Box>
                    )}
                  </li>
                );
              })}
            </Box>
            {extra ? <Box sx={{ mt: 1 }}>{extra}</Box> : null}
          </Box>
        );
      })}
    </Box>
  );
}
