import { useEffect, useId, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import SaveOutlined from '#icons/SaveOutlined';
import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  cellField,
  nextColumnKey,
  rubricLimits,
  rubricMessages,
  type Rubric,
  type RubricBody,
} from '@fics/contracts';
import { useErrorFocus } from '../../../components/error-focus';
import { applyServerErrors } from '../../../components/form-errors';
import { FormError } from '../../../components/FormError';
import { LeavePageGuard } from '../../../components/LeavePageGuard';
import { SubmitButton } from '../../../components/SubmitButton';
import { useToast } from '../../../components/toast';
import { useCreateRubric, useUpdateRubric } from '../api';
import {
  initialRubricValues,
  rubricFormSchema,
  serverFieldsFor,
  type RubricFormRow,
  type RubricFormValues,
} from './rubric-form';
import { FormTextField, RubricGridEditor } from './RubricGridEditor';

export interface RubricEditorProps {
  /** Absent: a new rubric with the default grid. Present: that rubric, saved with PATCH. */
  rubric?: Rubric;
  /** After the save's toast: the page moves on (back to /rubricas). */
  onSaved: (rubric: Rubric) => void;
}

/** A field to focus once the grid has this many columns and rows. */
interface PendingFocus {
  name: FieldPath<RubricFormValues>;
  columns: number;
  rows: number;
}

/** Whether the grid is edited as cards (phones) rather than a table. */
function useCompactGrid(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('md'));
}

/**
 * The rubric form (spec 001 §2 Rubric editor, §5 Rubric, §9): title, description and the grid.
 * Every rule of §5 shows its message on its field, and so does each message of a VALIDATION_ERROR.
 * Saving says so in a toast and hands over to the page; leaving with changes asks first.
 */
export function RubricEditor({ rubric, onSaved }: RubricEditorProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const compact = useCompactGrid();
  const create = useCreateRubric();
  const update = useUpdateRubric(rubric?._id ?? '');
  const form = useForm<RubricFormValues, unknown, RubricBody>({
    resolver: zodResolver(rubricFormSchema),
    defaultValues: initialRubricValues(rubric),
    // Messages appear once the teacher tries to save, then follow each change: a new row or column
    // is not flagged as empty the moment it appears.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const errorFocus = useErrorFocus();
  const { control, handleSubmit, getValues, setError, setFocus, formState } = form;
  const columnsArray = useFieldArray({ control, name: 'columns' });
  const itemsArray = useFieldArray({ control, name: 'items' });
  const columns = useWatch({ control, name: 'columns' });
  const title = useWatch({ control, name: 'title' });
  const description = useWatch({ control, name: 'description' });

  const [failure, setFailure] = useState<string | null>(null);
  const [finished, setFinished] = useState(false);
  // A field to focus once the grid shows the new shape: the new column's name or row's criterion,
  // or the neighbour of a removed one. (The watched columns arrive a render after the change.)
  const [focusNext, setFocusNext] = useState<PendingFocus | null>(null);
  const rowCount = itemsArray.fields.length;
  useEffect(() => {
    if (focusNext && columns.length === focusNext.columns && rowCount === focusNext.rows) {
      setFocus(focusNext.name);
      setFocusNext(null);
    }
  }, [focusNext, columns.length, rowCount, setFocus]);

  const setRows = (change: (row: RubricFormRow) => RubricFormRow) => {
    itemsArray.replace(getValues('items').map(change));
  };

  const addColumn = () => {
    const current = getValues('columns');
    const key = nextColumnKey(current);
    // The rows get the new column's cells first, so its inputs find their values when they appear.
    setRows((row) => ({ ...row, [cellField(key)]: { value: '', checked: false } }));
    columnsArray.append({ key, name: '', pointValue: '' }, { shouldFocus: false });
    setFocusNext({
      name: `columns.${current.length}.name`,
      columns: current.length + 1,
      rows: getValues('items').length,
    });
  };

  const removeColumn = (index: number) => {
    const current = getValues('columns');
    const column = current[index];
    if (index === 0 || !column || current.length <= rubricLimits.columnsMin) {
      return;
    }
    const field = cellField(column.key);
    columnsArray.remove(index);
    setRows((row) => Object.fromEntries(Object.entries(row).filter(([key]) => key !== field)));
    setFocusNext({
      name: `columns.${Math.min(index, current.length - 2)}.name`,
      columns: current.length - 1,
      rows: getValues('items').length,
    });
  };

  const addRow = () => {
    const rows = getValues('items').length;
    const emptyCells = Object.fromEntries(
      getValues('columns').map((column) => [cellField(column.key), { value: '', checked: false }]),
    );
    const criterion = getValues('columns.0.key');
    itemsArray.append(emptyCells, { shouldFocus: false });
    setFocusNext({
      name: `items.${rows}.${cellField(criterion)}.value`,
      columns: getValues('columns').length,
      rows: rows + 1,
    });
  };

  const removeRow = (index: number) => {
    const rows = getValues('items').length;
    if (rows <= rubricLimits.rowsMin) {
      return;
    }
    itemsArray.remove(index);
    const criterion = getValues('columns.0.key');
    setFocusNext({
      name: `items.${Math.min(index, rows - 2)}.${cellField(criterion)}.value`,
      columns: getValues('columns').length,
      rows: rows - 1,
    });
  };

  const save = async (body: RubricBody) => {
    setFailure(null);
    try {
      const saved = rubric ? await update.mutateAsync(body) : await create.mutateAsync(body);
      // The leave guard must see "nothing to lose" before the page navigates.
      flushSync(() => setFinished(true));
      toast.success(rubric ? rubricMessages.updated : rubricMessages.created);
      onSaved(saved);
    } catch (error) {
      if (
        applyServerErrors(error, setError, serverFieldsFor(getValues()) as Record<string, never>, {
          focus: errorFocus.focusFirstError,
        })
      ) {
        return;
      }
      toast.error(t('errors.generic'));
      setFailure(t('errors.genericInline'));
    }
  };

  const pending = create.isPending || update.isPending;
  const { errors } = formState;
  const gridError =
    errors.columns?.root?.message ??
    errors.columns?.message ??
    errors.items?.root?.message ??
    errors.items?.message;
  const rowErrors = itemsArray.fields.map(
    (_field, index) => (errors.items?.[index] as { root?: { message?: string } } | undefined)?.root?.message,
  );

  return (
    <Box
      component="form"
      ref={errorFocus.ref}
      noValidate
      aria-label={rubric ? t('rubrics.editTitle') : t('rubrics.newTitle')}
      onSubmit={(event) => void handleSubmit(save, errorFocus.focusFirstError)(event)}
    >
      <Stack spacing={3}>
        <Section title={t('rubrics.details')}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2.5} sx={{ '& > *': { flex: { md: 1 } } }}>
            <FormTextField
              control={control}
              name="title"
              label={t('rubrics.title')}
              ariaLabel={t('rubrics.title')}
              disabled={pending}
              helper={t('rubrics.counter', { count: title.length, max: rubricLimits.titleMax })}
            />
            <FormTextField
              control={control}
              name="description"
              label={t('rubrics.description')}
              ariaLabel={t('rubrics.description')}
              multiline
              disabled={pending}
              helper={t('rubrics.counter', { count: description.length, max: rubricLimits.descriptionMax })}
            />
          </Stack>
        </Section>
        <Section title={t('rubrics.grid')}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 720 }}>
            {t('rubrics.gridHelp')}
          </Typography>
          <RubricGridEditor
            control={control}
            columns={columns}
            columnIds={columnsArray.fields.map((field) => field.id)}
            rowIds={itemsArray.fields.map((field) => field.id)}
            onAddColumn={addColumn}
            onRemoveColumn={removeColumn}
            onAddRow={addRow}
            onRemoveRow={removeRow}
            compact={compact}
            disabled={pending}
            gridError={gridError}
            rowErrors={rowErrors}
          />
        </Section>
      </Stack>
      <Paper
        variant="outlined"
        sx={{
          position: 'sticky',
          bottom: 0,
          zIndex: 3,
          mt: 3,
          p: { xs: 1.5, md: 2 },
          boxShadow: '0 -4px 12px rgba(15, 23, 42, 0.06)',
        }}
      >
        <FormError message={failure} onClose={() => setFailure(null)} sx={{ mb: 1.5 }} />
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'flex-end',
            gap: 1,
            '& > *': { whiteSpace: 'nowrap' },
          }}
        >
          <Button component={RouterLink} to="/rubricas" disabled={pending}>
            {t('rubrics.cancel')}
          </Button>
          <SubmitButton pending={pending} startIcon={<SaveOutlined />} sx={{ flex: { xs: 1, sm: 'none' } }}>
            {rubric ? t('rubrics.save') : t('rubrics.create')}
          </SubmitButton>
        </Box>
      </Paper>
      <LeavePageGuard when={formState.isDirty && !finished} />
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: { xs: '1.1rem', md: '1.15rem' }, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
