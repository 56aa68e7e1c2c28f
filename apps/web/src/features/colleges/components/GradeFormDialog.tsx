import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { createGradeBodySchema, type Grade } from '@fics/contracts';
import { CycleLevelFields } from '../../../components/CycleLevelFields';
import { useErrorFocus } from '../../../components/error-focus';
import { applyServerErrors } from '../../../components/form-errors';
import { FormError } from '../../../components/FormError';
import { SubmitButton } from '../../../components/SubmitButton';
import { useToast } from '../../../components/toast';
import { useCreateGrade, useUpdateGrade } from '../api';

interface GradeFormDialogProps {
  open: boolean;
  collegeId: string;
  /** The grade to edit; null creates one in the school. */
  grade: Pick<Grade, '_id' | 'level' | 'cicle' | 'name'> | null;
  onClose: () => void;
}

/** Spec 000 §5 Grade: cycle, then a level of that cycle, then the name (1 to 25 characters). */
export function GradeFormDialog({ open, collegeId, grade, onClose }: GradeFormDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  // A fresh form each time the dialog opens; the old one stays mounted while the dialog fades out.
  const [session, setSession] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setSession((n) => n + 1);
    }
  }
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>
        {grade ? t('colleges.gradeEditTitle') : t('colleges.gradeCreateTitle')}
      </DialogTitle>
      <GradeForm key={session} collegeId={collegeId} grade={grade} onClose={onClose} />
    </Dialog>
  );
}

type FormInput = z.input<typeof createGradeBodySchema>;
type FormOutput = z.output<typeof createGradeBodySchema>;

interface GradeFormProps {
  collegeId: string;
  grade: GradeFormDialogProps['grade'];
  /** Cancel; also after saving when there is no `onSaved`. */
  onClose: () => void;
  /** Starting values of a new grade (the approve wizard fills the grade the request typed). */
  defaults?: { cicle: string; level: string; name: string };
  /** Called with the saved grade instead of closing (the approve wizard moves to its next step). */
  onSaved?: (grade: Grade) => void;
}

/** The grade form without its dialog: the dialog above, and the requests' approve wizard. */
export function GradeForm({ collegeId, grade, onClose, defaults, onSaved }: GradeFormProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateGrade(collegeId);
  const update = useUpdateGrade(collegeId);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createGradeBodySchema),
    defaultValues: {
      cicle: grade?.cicle ?? defaults?.cicle ?? '',
      level: grade?.level ?? defaults?.level ?? '',
      name: grade?.name ?? defaults?.name ?? '',
    },
    shouldFocusError: false,
  });
  const errorFocus = useErrorFocus();

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = grade
        ? await update.mutateAsync({ gradeId: grade._id, body: values })
        : await create.mutateAsync(values);
      toast.success(grade ? t('colleges.gradeUpdated') : t('colleges.gradeAdded'));
      if (onSaved) {
        onSaved(saved);
      } else {
        onClose();
      }
    } catch (error) {
      // A duplicate grade (409) is about the name given to that level and cycle.
      if (
        !applyServerErrors(error, setError, ['cicle', 'level', 'name'], {
          conflictField: 'name',
          focus: errorFocus.focusFirstError,
        })
      ) {
        toast.error(t('errors.generic'));
        setFailure(t('errors.genericInline'));
      }
    }
  }, errorFocus.focusFirstError);

  return (
    <Box component="form" ref={errorFocus.ref} noValidate onSubmit={onSubmit}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <CycleLevelFields control={control} setValue={setValue} />
          <TextField
            {...register('name')}
            label={t('colleges.gradeName')}
            required
            error={Boolean(errors.name)}
            helperText={errors.name?.message ?? t('colleges.gradeNameHint')}
          />
          <FormError message={failure} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={isSubmitting}>
          {t('common.cancel')}
        </Button>
        <SubmitButton pending={isSubmitting}>
          {grade ? t('colleges.save') : t('colleges.create')}
        </SubmitButton>
      </DialogActions>
    </Box>
  );
}
