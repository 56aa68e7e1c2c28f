import { memo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddOutlined from '#icons/AddOutlined';
import DeleteOutlineOutlined from '#icons/DeleteOutlineOutlined';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cellField, rubricLimits, rubricMessages } from '@fics/contracts';
import type { RubricFormColumn, RubricFormControl } from './rubric-form';
import { visuallyHidden } from '../../../components/visually-hidden';

type TextPath =
  | 'title'
  | 'description'
  | `columns.${number}.name`
  | `columns.${number}.pointValue`
  | `items.${number}.${string}.value`;

interface FormTextFieldProps {
  control: RubricFormControl;
  name: TextPath;
  /** The accessible name ('Fila 1, Logrado'); the visible label, when any, is part of it. */
  ariaLabel: string;
  label?: string;
  placeholder?: string;
  multiline?: boolean;
  numeric?: boolean;
  disabled?: boolean;
  /** Shown under the field when it has no error (a character counter). */
  helper?: ReactNode;
  required?: boolean;
}

/**
 * One text input bound to a form field, showing its error. Memoised on plain props, with `control`
 * passed in (not read from a context), so typing in one cell re-renders that cell alone.
 */
export const FormTextField = memo(function FormTextField({
  control,
  name,
  ariaLabel,
  label,
  placeholder,
  multiline = false,
  numeric = false,
  disabled = false,
  helper,
  required = true,
}: FormTextFieldProps) {
  const { field, fieldState } = useController({ control, name });
  const message = fieldState.error?.message;
  return (
    <TextField
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      name={field.name}
      inputRef={field.ref}
      label={label}
      placeholder={placeholder}
      size="small"
      fullWidth
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      type={numeric ? 'number' : 'text'}
      disabled={disabled}
      error={Boolean(message)}
      helperText={message ?? helper}
      slotProps={{
        htmlInput: {
          'aria-label': ariaLabel,
          'aria-required': required,
          ...(numeric ? { min: 0, step: 1, inputMode: 'numeric' } : {}),
        },
      }}
    />
  );
});

/** A text that names a column in labels: its name, or 'columna 3' while it has none. */
export function useColumnLabel() {
  const { t } = useTranslation();
  return (column: RubricFormColumn | undefined, index: number) =>
    column?.name.trim() || t('rubrics.unnamedColumn', { n: index + 1 });
}

/** The points as a whole number when they read as one (for labels), otherwise null. */
function pointsOf(column: RubricFormColumn): number | null {
  const value = column.pointValue.trim();
  return /^\d+$/.test(value) ? Number(value) : null;
}

interface RemoveButtonProps {
  label: string;
  /** Why it cannot remove (the last level, the last row): the button stays, disabled, and says why. */
  blockedReason: string | null;
  onClick: () => void;
  disabled?: boolean;
  /** A text button (phones) rather than an icon. */
  withText?: string;
}

function RemoveButton({ label, blockedReason, onClick, disabled = false, withText }: RemoveButtonProps) {
  const blocked = blockedReason !== null;
  const button = withText ? (
    <Button
      size="small"
      color="error"
      startIcon={<DeleteOutlineOutlined />}
      aria-label={blocked ? `${label}. ${blockedReason}` : label}
      disabled={blocked || disabled}
      onClick={onClick}
    >
      {withText}
    </Button>
  ) : (
    <IconButton
      size="small"
      aria-label={blocked ? `${label}. ${blockedReason}` : label}
      disabled={blocked || disabled}
      onClick={onClick}
      sx={{ '&:hover': { color: 'error.main' } }}
    >
      <DeleteOutlineOutlined fontSize="small" />
    </IconButton>
  );
  // A disabled button gets no pointer events: the tooltip listens on a wrapper.
  return (
    <Tooltip title={blockedReason ?? label}>
      <Box component="span" sx={{ display: 'inline-flex', flexShrink: 0 }}>
        {button}
      </Box>
    </Tooltip>
  );
}

interface AddButtonProps {
  label: string;
  blockedReason: string | null;
  onClick: () => void;
  disabled?: boolean;
}

function AddButton({ label, blockedReason, onClick, disabled = false }: AddButtonProps) {
  const button = (
    <Button
      variant="outlined"
      startIcon={<AddOutlined />}
      onClick={onClick}
      disabled={blockedReason !== null || disabled}
      aria-label={blockedReason ? `${label}. ${blockedReason}` : undefined}
    >
      {label}
    </Button>
  );
  return blockedReason ? (
    <Tooltip title={blockedReason}>
      <Box component="span" sx={{ display: 'inline-flex' }}>
        {button}
      </Box>
    </Tooltip>
  ) : (
    button
  );
}

export interface RubricGridEditorProps {
  control: RubricFormControl;
  /** The columns as they are now (names and points typed so far). */
  columns: RubricFormColumn[];
  /** One stable id per column and per row (react-hook-form's field-array ids), for React keys. */
  columnIds: string[];
  rowIds: string[];
  onAddColumn: () => void;
  onRemoveColumn: (index: number) => void;
  onAddRow: () => void;
  onRemoveRow: (index: number) => void;
  /** Cards (phones) instead of a table. */
  compact: boolean;
  disabled?: boolean;
  /** Messages about the grid as a whole or one row (rare: the editor keeps the grid's shape). */
  gridError?: string;
  rowErrors: (string | undefined)[];
}

/**
 * The rubric's grid as a form (spec 001 §2 Rubric editor): column 0 names the criteria and has no
 * points; every other column is a level with a name and points; every row has a text in each cell.
 * Columns and rows are added at the end and removed while more than one remains (the criterion
 * column never). A table on wide screens (the criterion column stays in view when it scrolls
 * sideways); on phones, the columns and then each row as a card with one labelled field per column.
 */
export function RubricGridEditor(props: RubricGridEditorProps) {
  const { t } = useTranslation();
  const { columns, rowIds, onAddColumn, onAddRow, compact, disabled, gridError } = props;
  const columnsFull = columns.length >= rubricLimits.columnsMax ? rubricMessages.columnsMax : null;
  const rowsFull = rowIds.length >= rubricLimits.rowsMax ? rubricMessages.rowsMax : null;
  const addColumn = (
    <AddButton
      label={t('rubrics.addColumn')}
      blockedReason={columnsFull}
      onClick={onAddColumn}
      disabled={disabled}
    />
  );
  const addRow = (
    <AddButton label={t('rubrics.addRow')} blockedReason={rowsFull} onClick={onAddRow} disabled={disabled} />
  );
  const error = gridError ? (
    <Typography role="alert" variant="body2" color="error.dark" sx={{ mt: 1 }}>
      {gridError}
    </Typography>
  ) : null;

  if (compact) {
    return (
      <Stack spacing={3}>
        <Box component="section" aria-label={t('rubrics.columnsTitle')}>
          <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', mb: 1 }}>
            {t('rubrics.columnsTitle')}
          </Typography>
          <ColumnCards {...props} />
          <Box sx={{ mt: 1.5 }}>{addColumn}</Box>
        </Box>
        <Box component="section" aria-label={t('rubrics.rowsTitle')}>
          <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', mb: 1 }}>
            {t('rubrics.rowsTitle')}
          </Typography>
          <RowCards {...props} />
          <Box sx={{ mt: 1.5 }}>{addRow}</Box>
        </Box>
        {error}
      </Stack>
    );
  }

  return (
    <>
      <GridTable {...props} />
      {error}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
        {addRow}
        {addColumn}
      </Box>
    </>
  );
}

// The table's widths: ten columns scroll sideways, the criterion column staying in view.
const CRITERION_WIDTH = 200;
const LEVEL_MIN_WIDTH = 200;
const ACTIONS_WIDTH = 56;

const stickyCell = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  borderRight: 1,
  borderRightColor: 'divider',
} as const;

function GridTable({
  control,
  columns,
  columnIds,
  rowIds,
  onRemoveColumn,
  onRemoveRow,
  disabled,
  rowErrors,
}: RubricGridEditorProps) {
  const { t } = useTranslation();
  const columnLabel = useColumnLabel();
  const onlyOneLevel = columns.length <= 2;
  const onlyOneRow = rowIds.length <= 1;
  return (
    <Box sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table
        aria-label={t('rubrics.gridTable')}
        sx={{
          minWidth: CRITERION_WIDTH + (columns.length - 1) * LEVEL_MIN_WIDTH + ACTIONS_WIDTH,
          tableLayout: 'fixed',
          '& th, & td': { verticalAlign: 'top', p: 1.25 },
        }}
      >
        <colgroup>
          <col style={{ width: CRITERION_WIDTH }} />
          {columns.slice(1).map((column) => (
            <col key={column.key} />
          ))}
          <col style={{ width: ACTIONS_WIDTH }} />
        </colgroup>
        <TableHead>
          <TableRow sx={{ bgcolor: 'grey.50' }}>
            {columns.map((column, index) => (
              <TableCell
                key={columnIds[index] ?? column.key}
                scope="col"
                sx={index === 0 ? { ...stickyCell, bgcolor: 'grey.50', zIndex: 2 } : undefined}
              >
                <Stack spacing={1}>
                  <FormTextField
                    control={control}
                    name={`columns.${index}.name`}
                    label={t('rubrics.columnName')}
                    ariaLabel={t('rubrics.columnNameOf', { n: index + 1 })}
                    disabled={disabled}
                  />
                  {index === 0 ? (
                    <Typography variant="body2" color="text.secondary" sx={{ px: 0.5, py: 0.75 }}>
                      {t('rubrics.criterionNote')}
                    </Typography>
                  ) : (
                    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
                      <FormTextField
                        control={control}
                        name={`columns.${index}.pointValue`}
                        label={t('rubrics.points')}
                        ariaLabel={t('rubrics.pointsOf', { name: columnLabel(column, index) })}
                        numeric
                        disabled={disabled}
                      />
                      <Box sx={{ pt: 0.25 }}>
                        <RemoveButton
                          label={t('rubrics.removeColumnOf', { name: columnLabel(column, index) })}
                          blockedReason={onlyOneLevel ? t('rubrics.lastLevel') : null}
                          onClick={() => onRemoveColumn(index)}
                          disabled={disabled}
                        />
                      </Box>
                    </Box>
                  )}
                </Stack>
              </TableCell>
            ))}
            <TableCell scope="col">
              <Box component="span" sx={visuallyHidden}>
                {t('rubrics.columnActions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rowIds.map((rowId, rowIndex) => (
            <TableRow key={rowId}>
              {columns.map((column, index) => (
                <TableCell key={column.key} sx={index === 0 ? stickyCell : undefined}>
                  <FormTextField
                    control={control}
                    name={`items.${rowIndex}.${cellField(column.key)}.value`}
                    ariaLabel={t('rubrics.cell', { row: rowIndex + 1, column: columnLabel(column, index) })}
                    placeholder={t(index === 0 ? 'rubrics.criterionPlaceholder' : 'rubrics.levelPlaceholder')}
                    multiline
                    disabled={disabled}
                  />
                </TableCell>
              ))}
              <TableCell sx={{ textAlign: 'center' }}>
                <RemoveButton
                  label={t('rubrics.removeRowOf', { n: rowIndex + 1 })}
                  blockedReason={onlyOneRow ? t('rubrics.lastRow') : null}
                  onClick={() => onRemoveRow(rowIndex)}
                  disabled={disabled}
                />
                {rowErrors[rowIndex] ? (
                  <Typography role="alert" variant="body2" color="error.dark">
                    {rowErrors[rowIndex]}
                  </Typography>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function ColumnCards({ control, columns, columnIds, onRemoveColumn, disabled }: RubricGridEditorProps) {
  const { t } = useTranslation();
  const columnLabel = useColumnLabel();
  const onlyOneLevel = columns.length <= 2;
  return (
    <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {columns.map((column, index) => (
        <Paper component="li" key={columnIds[index] ?? column.key} variant="outlined" sx={{ p: 1.5 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, minHeight: 30 }}>
            <Typography sx={{ fontWeight: 600, flexGrow: 1 }}>
              {index === 0
                ? t('rubrics.criterionHeading', { n: index + 1 })
                : t('rubrics.columnHeading', { n: index + 1 })}
            </Typography>
            {index === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('rubrics.criterionNote')}
              </Typography>
            ) : (
              <RemoveButton
                label={t('rubrics.removeColumnOf', { name: columnLabel(column, index) })}
                blockedReason={onlyOneLevel ? t('rubrics.lastLevel') : null}
                onClick={() => onRemoveColumn(index)}
                disabled={disabled}
                withText={t('rubrics.removeColumn')}
              />
            )}
          </Box>
          {/* One under the other: a message under a narrow points field would wrap word by word. */}
          <Stack spacing={2}>
            <FormTextField
              control={control}
              name={`columns.${index}.name`}
              label={t('rubrics.columnName')}
              ariaLabel={t('rubrics.columnNameOf', { n: index + 1 })}
              disabled={disabled}
            />
            {index === 0 ? null : (
              <FormTextField
                control={control}
                name={`columns.${index}.pointValue`}
                label={t('rubrics.points')}
                ariaLabel={t('rubrics.pointsOf', { name: columnLabel(column, index) })}
                numeric
                disabled={disabled}
              />
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function RowCards({ control, columns, rowIds, onRemoveRow, disabled, rowErrors }: RubricGridEditorProps) {
  const { t } = useTranslation();
  const columnLabel = useColumnLabel();
  const onlyOneRow = rowIds.length <= 1;
  return (
    <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {rowIds.map((rowId, rowIndex) => (
        <Paper component="li" key={rowId} variant="outlined" sx={{ p: 1.5 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, minHeight: 30 }}>
            <Typography sx={{ fontWeight: 600, flexGrow: 1 }}>
              {t('rubrics.rowHeading', { n: rowIndex + 1 })}
            </Typography>
            <RemoveButton
              label={t('rubrics.removeRowOf', { n: rowIndex + 1 })}
              blockedReason={onlyOneRow ? t('rubrics.lastRow') : null}
              onClick={() => onRemoveRow(rowIndex)}
              disabled={disabled}
              withText={t('rubrics.removeRow')}
            />
          </Box>
          <Stack spacing={2}>
            {columns.map((column, index) => {
              const name = columnLabel(column, index);
              const points = index === 0 ? null : pointsOf(column);
              const label = points === null ? name : `${name} · ${t('rubricGrid.points', { count: points })}`;
              return (
                <FormTextField
                  key={column.key}
                  control={control}
                  name={`items.${rowIndex}.${cellField(column.key)}.value`}
                  label={label}
                  ariaLabel={t('rubrics.cell', { row: rowIndex + 1, column: label })}
                  placeholder={t(index === 0 ? 'rubrics.criterionPlaceholder' : 'rubrics.levelPlaceholder')}
                  multiline
                  disabled={disabled}
                />
              );
            })}
          </Stack>
          {rowErrors[rowIndex] ? (
            <Typography role="alert" variant="body2" color="error.dark" sx={{ mt: 1 }}>
              {rowErrors[rowIndex]}
            </Typography>
          ) : null}
        </Paper>
      ))}
    </Stack>
  );
}
