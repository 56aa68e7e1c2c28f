import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { createCollegeBodySchema, type College } from '@fics/contracts';
import { useErrorFocus } from '../../../components/error-focus';
import { applyServerErrors } from '../../../components/form-errors';
import { FormError } from '../../../components/FormError';
import { SubmitButton } from '../../../components/SubmitButton';
import { useToast } from '../../../components/toast';
import { useRegions } from '../../../lib/resources';
import { useCreateCollege, useUpdateCollege } from '../api';
import { PlaceAutocomplete } from './PlaceAutocomplete';

interface CollegeFormDialogProps {
  open: boolean;
  /** The school to edit; null creates one. */
  college: College | null;
  onClose: () => void;
}

/** Spec 000 §2 Schools: create and edit dialog (name, region, then a commune of that region). */
export function CollegeFormDialog({ open, college, onClose }: CollegeFormDialogProps) {
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
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{college ? t('colleges.editTitle') : t('colleges.createTitle')}</DialogTitle>
      <CollegeForm key={session} college={college} onClose={onClose} />
    </Dialog>
  );
}

type FormInput = z.input<typeof createCollegeBodySchema>;
type FormOutput = z.output<typeof createCollegeBodySchema>;

interface CollegeFormProps {
  college: College | null;
  /** Cancel; also after saving when there is no `onSaved`. */
  onClose: () => void;
  /** Starting values of a new school (the approve wizard fills the name the request typed). */
  defaults?: { name: string };
  /** Called with the saved school instead of closing (the approve wizard moves to its next step). */
  onSaved?: (college: College) => void;
}

/** The school form without its dialog: the dialog above, and the requests' approve wizard. */
export function CollegeForm({ college, onClose, defaults, onSaved }: CollegeFormProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const regions = useRegions();
  const create = useCreateCollege();
  const update = useUpdateCollege();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createCollegeBodySchema),
    defaultValues: {
      name: college?.name ?? defaults?.name ?? '',
      region: college?.region ?? null,
      zone: college?.zone ?? null,
    },
    shouldFocusError: false,
  });
  const errorFocus = useErrorFocus();
  const region = useWatch({ control, name: 'region' });
  const regionNames = regions.data?.map((r) => r.name) ?? [];
  const communeNames = regions.data?.find((r) => r.name === region)?.communes.map((c) => c.name) ?? [];

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const body = { name: values.name, region: values.region ?? null, zone: values.zone ?? null };
    try {
      const saved = college
        ? await update.mutateAsync({ collegeId: college._id, body })
        : await create.mutateAsync(body);
      toast.success(college ? t('colleges.updated') : t('colleges.created'));
      if (onSaved) {
        onSaved(saved);
      } else {
        onClose();
      }
    } catch (error) {
      if (
        !applyServerErrors(error, setError, ['name', 'region', 'zone'], {
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
          <TextField
            {...register('name')}
            label={t('colleges.name')}
            autoFocus
            required
            error={Boolean(errors.name)}
            helperText={errors.name?.message}
          />
          <Controller
            control={control}
            name="region"
            render={({ field, fieldState }) => (
              <PlaceAutocomplete
                label={t('colleges.region')}
                name={field.name}
                inputRef={field.ref}
                options={regionNames}
                value={field.value ?? null}
                onChange={(next) => {
                  field.onChange(next);
                  // Spec 000 §5: selecting a region clears the commune.
                  setValue('zone', null);
                }}
                onBlur={field.onBlur}
                loading={regions.isPending}
                error={Boolean(fieldState.error) || regions.isError}
                helperText={
                  fieldState.error?.message ?? (regions.isError ? t('colleges.regionsFailed') : undefined)
                }
              />
            )}
          />
          <Controller
            control={control}
            name="zone"
            render={({ field, fieldState }) => (
              <PlaceAutocomplete
                label={t('colleges.zone')}
                name={field.name}
                inputRef={field.ref}
                options={communeNames}
                value={field.value ?? null}
                onChange={field.onChange}
                onBlur={field.onBlur}
                disabled={!region}
                error={Boolean(fieldState.error)}
                helperText={
                  fieldState.error?.message ?? (region ? undefined : t('colleges.chooseRegionFirst'))
                }
              />
            )}
          />
          <FormError message={failure} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={isSubmitting}>
          {t('common.cancel')}
        </Button>
        <SubmitButton pending={isSubmitting}>
          {college ? t('colleges.save') : t('colleges.create')}
        </SubmitButton>
      </DialogActions>
    </Box>
  );
}
