import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  createRegisterRequestBodySchema,
  requestLimits,
  type CreateRegisterRequestBody,
} from '@fics/contracts';
import { isApiError } from '../../../lib/api-client';
import { capitalise } from '../../../lib/user-display';
import { useRoles } from '../../../lib/resources';
import { useErrorFocus } from '../../../components/error-focus';
import { applyServerErrors } from '../../../components/form-errors';
import { FormError } from '../../../components/FormError';
import { SubmitButton } from '../../../components/SubmitButton';
import { visuallyHidden } from '../../../components/visually-hidden';
import { useSendRegisterRequest } from '../api';
import { emptyPlacement, placementBody, reportIssues, type PlacementValues } from '../placement';
import { PlacementFields } from './PlacementFields';

interface RegisterValues extends PlacementValues {
  email: string;
  name: string;
  role: string;
  userComment: string;
  /** The honeypot: hidden from people, left empty; bots fill it. */
  website: string;
}

const toBody = (v: RegisterValues) => ({
  email: v.email,
  name: v.name,
  role: v.role,
  ...placementBody(v),
  userComment: v.userComment,
  website: v.website,
});

/** The form's values checked by the API's own schema, its issues shown on the form's fields. */
const formSchema = z
  .object({
    email: z.string(),
    name: z.string(),
    role: z.string(),
    userComment: z.string(),
    website: z.string(),
    collegeId: z.string(),
    collegeName: z.string(),
    gradeId: z.string(),
    gradeName: z.string(),
    cicle: z.string(),
    level: z.string(),
  })
  .transform((values, ctx): CreateRegisterRequestBody => {
    const result = createRegisterRequestBodySchema.safeParse(toBody(values));
    if (!result.success) {
      reportIssues(result.error.issues, values, ctx);
      return z.NEVER;
    }
    return result.data;
  });

const serverFields = [
  'email',
  'name',
  'role',
  'collegeId',
  'collegeName',
  'gradeId',
  'gradeName',
  'cicle',
  'level',
  'userComment',
] as const;

/**
 * Spec 000 §2 Registration request form, behind the login dialog's '¿Te gustaría formar parte?':
 * e-mail, name, role (not administrator), school and grade (listed or 'Otro'), a comment. On
 * success it shows the API's message (the team will handle it and e-mail the result).
 */
export function RegisterRequestForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const roles = useRoles();
  const send = useSendRegisterRequest();
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<RegisterValues, unknown, CreateRegisterRequestBody>({
    resolver: zodResolver(formSchema),
    defaultValues: { email: '', name: '', role: '', userComment: '', website: '', ...emptyPlacement },
    shouldFocusError: false,
  });
  const errorFocus = useErrorFocus();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const comment = useWatch({ control, name: 'userComment' });
  const offered = (roles.data ?? []).filter((role) => role.name !== 'ADMIN');

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      const { message } = await send.mutateAsync(body);
      setSent(message);
    } catch (error) {
      if (applyServerErrors(error, setError, serverFields, { focus: errorFocus.focusFirstError })) {
        return;
      }
      // 429 (too many requests) and 409 carry the Spanish reason.
      setFailure(
        isApiError(error) && error.status > 0 && error.status < 500 && error.message
          ? error.message
          : t('errors.genericInline'),
      );
    }
  }, errorFocus.focusFirstError);

  if (sent) {
    return (
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Alert severity="success" role="status">
          {sent}
        </Alert>
        <Button variant="outlined" size="large" fullWidth onClick={onBack}>
          {t('common.back')}
        </Button>
      </Stack>
    );
  }

  return (
    <FormProvider {...form}>
      <Box component="form" ref={errorFocus.ref} noValidate onSubmit={onSubmit} sx={{ pt: 1 }}>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t('requests.registerIntro')}
          </Typography>
          <TextField
            {...register('email')}
            label={t('requests.email')}
            type="email"
            autoComplete="email"
            autoFocus
            required
            error={Boolean(errors.email)}
            helperText={errors.email?.message}
          />
          <TextField
            {...register('name')}
            label={t('requests.name')}
            autoComplete="name"
            required
            error={Boolean(errors.name)}
            helperText={errors.name?.message}
          />
          <Controller
            control={control}
            name="role"
            render={({ field, fieldState }) => (
              <TextField
                select
                label={t('requests.role')}
                name={field.name}
                inputRef={field.ref}
                value={field.value}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
                required
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? (roles.isError ? t('errors.loadFailed') : undefined)}
              >
                {offered.map((role) => (
                  <MenuItem key={role._id} value={role._id}>
                    {capitalise(role.displayName)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <PlacementFields />
          <TextField
            {...register('userComment')}
            label={t('requests.comment')}
            multiline
            minRows={2}
            required
            error={Boolean(errors.userComment)}
            helperText={
              errors.userComment?.message ??
              t('requests.counter', { count: comment.length, max: requestLimits.commentMax })
            }
          />
          {/* The honeypot: out of sight, out of the tab order and hidden from screen readers. */}
          <Box aria-hidden sx={visuallyHidden}>
            <label>
              {t('requests.website')}
              <input {...register('website')} type="text" tabIndex={-1} autoComplete="off" />
            </label>
          </Box>
          <FormError message={failure} />
          <Stack direction="row" spacing={1.5}>
            <Button variant="outlined" size="large" fullWidth onClick={onBack}>
              {t('common.back')}
            </Button>
            <SubmitButton pending={isSubmitting} size="large" fullWidth>
              {t('common.send')}
            </SubmitButton>
          </Stack>
        </Stack>
      </Box>
    </FormProvider>
  );
}
