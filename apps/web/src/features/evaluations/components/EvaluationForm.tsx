import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  criterionCommentField,
  evaluationCommentField,
  evaluationLimits,
  evaluationMessages,
  gridMaxScore,
  gridScore,
  missingCriteria,
  rubricMessages,
  type Evaluation,
  type Story,
} from '@fics/contracts';
import { CountedHelperText } from '../../../components/CountedHelperText';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useErrorFocus } from '../../../components/error-focus';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { CommentBankButton, SaveCommentButton } from '../../comment-bank';
import { RubricGrid, useMyRubrics } from '../../rubrics';
import { useCreateEvaluation, useUpdateEvaluation } from '../api';
import { copyGrid, sameColumns, toggleCell, type EvaluationGrid } from '../grid';
import { CriterionCommentField } from './CriterionComment';
import { EvaluationScore } from './EvaluationScore';
import { useGridLayout } from './use-grid-layout';

/** The drawer reads the teacher's rubrics in one page (the API's largest). */
const RUBRICS_QUERY = { page: 1, limit: 100 } as const;

interface EvaluationFormProps {
  story: Story;
  /** The fic's evaluation, when there is one: the form starts from it and updates it. */
  evaluation: Evaluation | null;
  /** Published: everything shown, nothing changes (spec 001 §4: rubric buttons disabled, no update). */
  locked?: boolean;
  onDone: () => void;
}

/**
 * The form's texts, checked with the contracts' fields: the evaluation's comment and one comment
 * per row of the grid (the grid itself is checked by its own rules below and by the server).
 */
const textsSchema = z.object({
  comment: evaluationCommentField,
  criterionComments: z.array(criterionCommentField),
});
type TextsInput = z.input<typeof textsSchema>;
type TextsOutput = z.output<typeof textsSchema>;

interface FormErrors {
  grid?: string[];
}

/**
 * The teacher's evaluation (spec 001 §2 Story review, §4, §5): one of their rubrics copied into the
 * form, one checked level per row with the live score, a comment of at most 70 characters. Sends
 * POST /evaluations, or PATCH /evaluations/:id when the fic has one; the server computes the score.
 */
export function EvaluationForm({ story, evaluation, locked = false, onDone }: EvaluationFormProps) {
  const { t } = useTranslation();
  const gridLayout = useGridLayout();
  const toast = useToast();
  const rubrics = useMyRubrics(RUBRICS_QUERY, { enabled: !locked });
  const create = useCreateEvaluation(story._id);
  const update = useUpdateEvaluation(story._id, evaluation?._id ?? '');
  const [rubricId, setRubricId] = useState(evaluation?.rubricId ?? '');
  const [grid, setGrid] = useState<EvaluationGrid>(() =>
    evaluation ? { columns: evaluation.columns, items: evaluation.items } : { columns: [], items: [] },
  );
  const texts = useForm<TextsInput, unknown, TextsOutput>({
    resolver: zodResolver(textsSchema),
    mode: 'onChange',
    shouldFocusError: false,
    defaultValues: {
      comment: evaluation?.comment ?? '',
      // One per row of the grid, by index ('' for none).
      criterionComments: evaluation?.items.map((_, index) => evaluation.criterionComments[index] ?? '') ?? [],
    },
  });
  // The texts as checked, kept while the teacher confirms criteria left without a level.
  const [checkedTexts, setCheckedTexts] = useState<TextsOutput | null>(null);
  const [errors, setErrors] = useState<FormErrors>({});
  // The rubric chosen in this form: an update names it, so its criteria become the rows'.
  const [replacedBy, setReplacedBy] = useState<string | null>(null);
  // After a first try, the criteria still without a level are named under the score.
  const [attempted, setAttempted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const errorFocus = useErrorFocus();
  const commentId = useId();

  const pending = create.isPending || update.isPending;
  const disabled = locked || pending;
  const hasRows = grid.items.length > 0;
  const list = rubrics.data?.docs ?? [];
  const chosen = list.find((rubric) => rubric._id === rubricId);
  const missing = missingCriteria(grid);

  const chooseRubric = (id: string) => {
    const rubric = list.find((r) => r._id === id);
    if (!rubric) {
      return;
    }
    setRubricId(id);
    setReplacedBy(id);
    const copy = copyGrid(rubric);
    setGrid(copy);
    // A new grid starts without comments on its criteria.
    texts.setValue(
      'criterionComments',
      copy.items.map(() => ''),
    );
    texts.clearErrors('criterionComments');
    setErrors((current) => ({ ...current, grid: undefined }));
  };

  /**
   * A comment picked from 'Mis comentarios' goes into the field, after what is there; through
   * setValue with validation, so a text over the field's limit is flagged at once.
   */
  const insertComment = (name: TextFieldName, text: string) => {
    const current = texts.getValues(name) ?? '';
    const next = current.trim() ? `${current.trimEnd()} ${text}` : text;
    texts.setValue(name, next, { shouldValidate: true, shouldDirty: true, shouldTouch: true });
  };
  /** 'Mis comentarios' beside a field, named after it (`label`, the field's own label). */
  const commentTools = (name: TextFieldName, value: string, label: string) =>
    locked ? undefined : (
      <>
        <CommentBankButton onPick={(text) => insertComment(name, text)} field={label} disabled={disabled} />
        <SaveCommentButton text={value} field={label} />
      </>
    );

  const toggle = (rowIndex: number, columnKey: string) => {
    setGrid((current) => toggleCell(current, rowIndex, columnKey));
    setErrors((current) => ({ ...current, grid: undefined }));
  };

  const submit = texts.handleSubmit(
    (values) => {
      if (!hasRows || disabled) {
        return;
      }
      setAttempted(true);
      // Every criterion gets a level, or the teacher says leaving these without one is meant.
      if (missing.length > 0) {
        setCheckedTexts(values);
        setConfirming(true);
        return;
      }
      void send(values, false);
    },
    () => errorFocus.focusFirstError(),
  );

  /** `incomplete`: the teacher confirmed the criteria left without a level (the server checks it). */
  const send = async ({ comment, criterionComments }: TextsOutput, incomplete: boolean) => {
    setConfirming(false);
    try {
      if (evaluation) {
        await update.mutateAsync({
          ...(replacedBy ? { rubricId: replacedBy } : {}),
          ...(sameColumns(grid.columns, evaluation.columns) ? {} : { columns: grid.columns }),
          items: grid.items,
          comment,
          criterionComments,
          incomplete,
        });
        toast.success(evaluationMessages.updated);
      } else {
        await create.mutateAsync({
          // The author, when the teacher may know them (an anonymous fic is evaluated blind).
          userId: story.writtenBy?._id,
          rubricId: rubricId || null,
          columns: grid.columns,
          items: grid.items,
          comment,
          criterionComments,
          incomplete,
        });
        toast.success(evaluationMessages.sent);
      }
      onDone();
    } catch (error) {
      const fieldErrors = validationErrors(error, t);
      if (fieldErrors) {
        for (const [field, message] of fieldErrors.texts) {
          texts.setError(field, { type: 'server', message });
        }
        setErrors({ grid: fieldErrors.grid });
        errorFocus.focusFirstError();
        return;
      }
      // A refusal the server explains (another teacher evaluated it first, it was published): its words.
      toast.error(
        isApiError(error) && [403, 404, 409].includes(error.status) ? error.message : t('errors.generic'),
      );
    }
  };

  return (
    <Box
      component="form"
      ref={errorFocus.ref}
      noValidate
      aria-label={t('evaluations.drawerTitle')}
      onSubmit={(event) => void submit(event)}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}
    >
      {locked ? <Alert severity="info">{evaluationMessages.published}</Alert> : null}

      <RubricChooser
        rubrics={rubrics}
        value={chosen ? rubricId : ''}
        onChange={chooseRubric}
        disabled={disabled}
        replaces={hasRows}
        hidden={locked}
      />

      {hasRows ? (
        <>
          <EvaluationScore score={gridScore(grid)} max={gridMaxScore(grid)} live />
          {attempted && missing.length > 0 && !locked ? (
            <Alert severity="warning" role="status">
              {evaluationMessages.missing(missing)}
            </Alert>
          ) : null}
          {errors.grid?.length ? (
            <Alert severity="error" role="alert" data-error-focus>
              {errors.grid.map((message) => (
                <div key={message}>{message}</div>
              ))}
            </Alert>
          ) : null}
          <Box>
            {!locked ? (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('evaluations.gridHint')}
              </Typography>
            ) : null}
            <RubricGrid
              columns={grid.columns}
              items={grid.items}
              label={
                chosen ? t('evaluations.gridLabelNamed', { title: chosen.title }) : t('evaluations.gridLabel')
              }
              onToggle={toggle}
              disabled={disabled}
              layout={gridLayout}
              rowExtra={(rowIndex, criterion) => (
                <Controller
                  control={texts.control}
                  name={`criterionComments.${rowIndex}`}
                  render={({ field, fieldState }) => (
                    <CriterionCommentField
                      criterion={criterion}
                      value={field.value ?? ''}
                      error={fieldState.error?.message}
                      disabled={disabled}
                      onChange={field.onChange}
                      actions={commentTools(
                        `criterionComments.${rowIndex}`,
                        field.value ?? '',
                        t('evaluations.criterionComment', { criterion }),
                      )}
                    />
                  )}
                />
              )}
            />
          </Box>
        </>
      ) : rubrics.isSuccess && list.length > 0 ? (
        <Typography color="text.secondary">{t('evaluations.chooseRubricFirst')}</Typography>
      ) : null}

      <Controller
        control={texts.control}
        name="comment"
        render={({ field, fieldState }) => (
          <TextField
            id={commentId}
            label={t('evaluations.comment')}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            multiline
            rows={evaluationLimits.commentRows}
            disabled={disabled}
            error={Boolean(fieldState.error)}
            helperText={
              <CountedHelperText
                message={fieldState.error?.message}
                count={(field.value ?? '').length}
                max={evaluationLimits.commentMax}
              />
            }
            fullWidth
            slotProps={
              locked
                ? undefined
                : {
                    input: {
                      endAdornment: (
                        <InputAdornment position="end" sx={{ alignSelf: 'flex-start', mt: 0.5 }}>
                          {commentTools('comment', field.value ?? '', t('evaluations.comment'))}
                        </InputAdornment>
                      ),
                    },
                  }
            }
          />
        )}
      />

      {!locked ? (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            type="submit"
            variant="contained"
            disabled={!hasRows || pending}
            startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {evaluation ? t('evaluations.update') : t('evaluations.send')}
          </Button>
        </Box>
      ) : null}

      <ConfirmDialog
        open={confirming}
        title={t('evaluations.missingTitle')}
        // The grid cannot change while the dialog is open: the same names as it fades out.
        message={`${evaluationMessages.missing(missing)}. ${t('evaluations.missingText')}`}
        confirmLabel={t('evaluations.missingConfirm')}
        destructive={false}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          if (checkedTexts) {
            void send(checkedTexts, true);
          }
        }}
      />
    </Box>
  );
}

interface RubricChooserProps {
  rubrics: ReturnType<typeof useMyRubrics>;
  value: string;
  onChange: (rubricId: string) => void;
  disabled: boolean;
  /** A grid is already there: choosing replaces it. */
  replaces: boolean;
  hidden: boolean;
}

/** One of the teacher's rubrics; with none, a way to create one. */
function RubricChooser({ rubrics, value, onChange, disabled, replaces, hidden }: RubricChooserProps) {
  const { t } = useTranslation();
  if (hidden) {
    return null;
  }
  if (rubrics.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void rubrics.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {t('evaluations.rubricsLoadFailed')}
      </Alert>
    );
  }
  const list = rubrics.data?.docs ?? [];
  if (rubrics.isSuccess && list.length === 0) {
    // An existing evaluation keeps its grid; without one, the teacher needs a rubric first.
    return replaces ? null : (
      <Alert
        severity="info"
        action={
          <Button color="inherit" size="small" component={RouterLink} to="/rubricas/nuevo">
            {t('evaluations.createRubric')}
          </Button>
        }
      >
        <strong>{rubricMessages.empty}</strong>
        {'. '}
        {t('evaluations.noRubrics')}
      </Alert>
    );
  }
  return (
    <TextField
      select
      label={t('evaluations.rubric')}
      value={rubrics.isPending ? '' : value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled || rubrics.isPending}
      helperText={
        rubrics.isPending
          ? t('evaluations.rubricsLoading')
          : replaces
            ? t('evaluations.rubricReplaceHelp')
            : t('evaluations.rubricHelp')
      }
      fullWidth
    >
      {list.map((rubric) => (
        <MenuItem key={rubric._id} value={rubric._id}>
          {rubric.title}
        </MenuItem>
      ))}
    </TextField>
  );
}

type TextFieldName = 'comment' | `criterionComments.${number}`;

/**
 * A VALIDATION_ERROR's messages: the texts' (the comment, a criterion's comment), and the grid's
 * (with the row they belong to).
 */
function validationErrors(
  error: unknown,
  t: TFunction,
): { texts: [TextFieldName, string][]; grid?: string[] } | null {
  if (!isApiError(error) || error.type !== 'VALIDATION_ERROR' || !error.errors) {
    return null;
  }
  const texts: [TextFieldName, string][] = [];
  const grid = new Set<string>();
  for (const [path, message] of Object.entries(error.errors)) {
    if (path === 'comment') {
      texts.push(['comment', message]);
      continue;
    }
    const criterionComment = /^criterionComments\.(\d+)$/.exec(path);
    if (criterionComment) {
      texts.push([`criterionComments.${Number(criterionComment[1])}`, message]);
      continue;
    }
    const row = /^items\.(\d+)/.exec(path);
    grid.add(row ? t('evaluations.rowError', { row: Number(row[1]) + 1, message }) : message);
  }
  if (grid.size > 0 || texts.length > 0) {
    return { texts, grid: grid.size > 0 ? [...grid] : undefined };
  }
  return { texts, grid: [error.message] };
}
