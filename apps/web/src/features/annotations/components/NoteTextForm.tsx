import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { annotationLimits, annotationReplyBodySchema, createAnnotationBodySchema } from '@fics/contracts';
import { applyServerErrors } from '../../../components/form-errors';
import { CountedHelperText } from '../../../components/CountedHelperText';
import { FormError } from '../../../components/FormError';
import { SubmitButton } from '../../../components/SubmitButton';
import { isApiError } from '../../../lib/api-client';

/** A note's text and a reply's, checked with the contracts' fields (their Spanish messages). */
const schemas = {
  note: z.object({ text: createAnnotationBodySchema.shape.text }),
  reply: annotationReplyBodySchema,
} as const;

type Values = { text: string };

interface NoteTextFormProps {
  kind: 'note' | 'reply';
  label: string;
  submitLabel: string;
  defaultValue?: string;
  /** Sends the checked text; a failure is shown under the field or above the buttons. */
  onSubmit: (text: string) => Promise<unknown>;
  onCancel?: () => void;
  autoFocus?: boolean;
  /**
   * Slot for the comment bank (features/comment-bank's CommentBankButton): given a function that
   * puts a saved comment in the field and the field's label (the button's name says which field),
   * returns the button to show beside the actions.
   */
  commentBankPicker?: (insert: (text: string) => void, field: string) => ReactNode;
}

/**
 * The one text form of notes: a new note, a note's edit and a reply. Plain text up to 1,000
 * characters with a counter; the server's per-field messages land under the field, others (such as
 * a passage that is no longer where it was selected) above the buttons.
 */
export function NoteTextForm({
  kind,
  label,
  submitLabel,
  defaultValue = '',
  onSubmit,
  onCancel,
  autoFocus,
  commentBankPicker,
}: NoteTextFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schemas[kind]),
    mode: 'onChange',
    defaultValues: { text: defaultValue },
  });
  const text = form.watch('text');
  const error = form.formState.errors.text?.message;

  const submit = form.handleSubmit(async ({ text: checked }) => {
    setFailure(null);
    try {
      await onSubmit(checked);
      form.reset({ text: '' });
    } catch (caught) {
      if (!applyServerErrors(caught, form.setError, ['text'])) {
        const fields = isApiError(caught) ? Object.values(caught.errors ?? {}) : [];
        setFailure(fields[0] ?? (isApiError(caught) ? caught.message : t('errors.genericInline')));
      }
    }
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <TextField
        id={id}
        label={label}
        multiline
        minRows={kind === 'note' ? 3 : 2}
        maxRows={10}
        fullWidth
        size="small"
        autoFocus={autoFocus}
        {...form.register('text')}
        error={Boolean(error)}
        helperText={<CountedHelperText message={error} count={text.length} max={annotationLimits.textMax} />}
      />
      <FormError message={failure} sx={{ mt: 0 }} />
      <Box
        sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap', alignItems: 'center' }}
      >
        {commentBankPicker ? (
          <Box sx={{ mr: 'auto' }}>
            {commentBankPicker(
              (picked) => form.setValue('text', picked, { shouldValidate: true, shouldDirty: true }),
              label,
            )}
          </Box>
        ) : null}
        {onCancel ? (
          <Button onClick={onCancel} disabled={form.formState.isSubmitting}>
            {t('annotations.cancel')}
          </Button>
        ) : null}
        <SubmitButton pending={form.formState.isSubmitting} size="small">
          {submitLabel}
        </SubmitButton>
      </Box>
    </Box>
  );
}
