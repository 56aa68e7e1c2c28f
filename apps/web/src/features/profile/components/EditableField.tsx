import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import EditOutlined from '#icons/EditOutlined';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CountedHelperText } from '../../../components/CountedHelperText';
import { useErrorFocus } from '../../../components/error-focus';
import { applyServerErrors } from '../../../components/form-errors';
import { FormError } from '../../../components/FormError';
import { SubmitButton } from '../../../components/SubmitButton';
import { useToast } from '../../../components/toast';

interface EditableFieldProps {
  /** The profile field, also the key of its message in a VALIDATION_ERROR. */
  field: 'name' | 'bio';
  /** The label the page shows; also the {label} of the spec's '{label} actualizado exitosamente'. */
  label: string;
  editLabel: string;
  value: string;
  /** Shown read-only when the value is empty. */
  placeholder?: string;
  /** The contracts rule for the field (trims, limits, Spanish messages). */
  schema: z.ZodType<string, string>;
  maxLength: number;
  /** Guardar cambios stays disabled while the trimmed text is shorter (spec 000 §5 Profile). */
  minLength?: number;
  multiline?: boolean;
  onSave: (value: string) => Promise<unknown>;
}

/** A profile text shown read-only with Editar; in edit mode a counted field with Cancelar / Guardar cambios. */
export function EditableField(props: EditableFieldProps) {
  const { label, editLabel, value, placeholder } = props;
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);

  if (editing) {
    // The field's own label names it while editing.
    return <EditForm {...props} onDone={() => setEditing(false)} />;
  }
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="subtitle2" component="h3" color="text.secondary">
          {label}
        </Typography>
        <Button
          size="small"
          startIcon={<EditOutlined />}
          aria-label={editLabel}
          onClick={() => setEditing(true)}
        >
          {t('profile.edit')}
        </Button>
      </Box>
      <Typography
        sx={{
          whiteSpace: 'pre-line',
          overflowWrap: 'anywhere',
          color: value ? 'text.primary' : 'text.secondary',
          fontStyle: value ? 'normal' : 'italic',
        }}
      >
        {value || placeholder}
      </Typography>
    </Box>
  );
}

function EditForm({
  field,
  label,
  value,
  schema,
  maxLength,
  minLength = 0,
  multiline = false,
  onSave,
  onDone,
}: EditableFieldProps & { onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ value: string }, unknown, { value: string }>({
    resolver: zodResolver(z.object({ value: schema })),
    defaultValues: { value },
    shouldFocusError: false,
  });
  const errorFocus = useErrorFocus();
  const text = watch('value');
  const tooShort = text.trim().length < minLength;

  const submit = handleSubmit(async (data) => {
    setFailure(null);
    try {
      await onSave(data.value);
      toast.success(t('profile.updated', { label }));
      onDone();
    } catch (error) {
      // The server names the profile field; this form calls it 'value'.
      if (!applyServerErrors(error, setError, { [field]: 'value' }, { focus: errorFocus.focusFirstError })) {
        toast.error(t('errors.generic'));
        setFailure(t('errors.genericInline'));
      }
    }
  }, errorFocus.focusFirstError);

  const helper = <CountedHelperText message={errors.value?.message} count={text.length} max={maxLength} />;

  return (
    <Box
      component="form"
      ref={errorFocus.ref}
      noValidate
      onSubmit={(event) => void submit(event)}
      sx={{ pt: 1 }}
    >
      <TextField
        {...register('value')}
        label={label}
        autoFocus
        multiline={multiline}
        minRows={multiline ? 3 : undefined}
        error={Boolean(errors.value)}
        helperText={helper}
        disabled={isSubmitting}
        slotProps={{ htmlInput: { maxLength } }}
      />
      <FormError message={failure} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
        <Button onClick={onDone} disabled={isSubmitting}>
          {t('profile.cancel')}
        </Button>
        <SubmitButton pending={isSubmitting} disabled={tooShort}>
          {t('profile.saveChanges')}
        </SubmitButton>
      </Box>
    </Box>
  );
}
