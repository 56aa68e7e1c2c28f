import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  createPrivacyRequestBodySchema,
  privacyRequestLimits,
  privacyRequestTypeHelp,
  privacyRequestTypeLabels,
  privacyRequestTypes,
  visitorPrivacyRequestBodySchema,
  type CreatePrivacyRequestBody,
} from '@fics/contracts';
import { useErrorFocus } from '../../../components/error-focus';
import { applyServerErrors } from '../../../components/form-errors';
import { FormError } from '../../../components/FormError';
import { SubmitButton } from '../../../components/SubmitButton';
import { isApiError } from '../../../lib/api-client';
import { useFilePrivacyRequest } from '../api';

interface Values {
  type: string;
  detail: string;
  email: string;
}

const empty: Values = { type: '', detail: '', email: '' };

const serverFields = ['type', 'detail', 'email'] as const;

/**
 * The form of a request under Ley 21.719 (issue 22.3): which of the six rights (each explained in
 * plain words), what is needed and, for a visitor (`visitor`: a parent without an account), the
 * e-mail where the confirmation link and the answer go. Shared by /perfil and /terminos-condiciones.
 */
export function PrivacyRequestForm({ visitor = false }: { visitor?: boolean }) {
  const { t } = useTranslation();
  const file = useFilePrivacyRequest();
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const errorFocus = useErrorFocus();
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, CreatePrivacyRequestBody>({
    // The schema reads the type as one of six; the radio group holds a string ('' until chosen).
    resolver: zodResolver(
      visitor ? visitorPrivacyRequestBodySchema : createPrivacyRequestBodySchema,
    ) as unknown as Resolver<Values, unknown, CreatePrivacyRequestBody>,
    defaultValues: empty,
    shouldFocusError: false,
  });
  const detail = useWatch({ control, name: 'detail' });
  const idPrefix = visitor ? 'privacy-public' : 'privacy-own';

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      const { message } = await file.mutateAsync(visitor ? body : { type: body.type, detail: body.detail });
      setSent(message);
      reset(empty);
    } catch (error) {
      if (applyServerErrors(error, setError, serverFields, { focus: errorFocus.focusFirstError })) {
        return;
      }
      // 429 carries its Spanish reason.
      setFailure(
        isApiError(error) && error.status > 0 && error.status < 500 && error.message
          ? error.message
          : t('errors.genericInline'),
      );
    }
  }, errorFocus.focusFirstError);

  if (sent && visitor) {
    return (
      <Stack spacing={2}>
        <Alert severity="success" role="status">
          <AlertTitle>{t('privacyRequests.sentTitle')}</AlertTitle>
          {sent}
        </Alert>
        <Box>
          <Button variant="outlined" onClick={() => setSent(null)}>
            {t('privacyRequests.another')}
          </Button>
        </Box>
      </Stack>
    );
  }

  return (
    <Box component="form" ref={errorFocus.ref} noValidate onSubmit={onSubmit}>
      <Stack spacing={2.5}>
        {sent ? (
          <Alert severity="success" role="status" onClose={() => setSent(null)}>
            {sent}
          </Alert>
        ) : null}
        <Controller
          control={control}
          name="type"
          render={({ field }) => (
            <FormControl error={Boolean(errors.type)} component="fieldset">
              <FormLabel component="legend" id={`${idPrefix}-type`} sx={{ mb: 1, color: 'text.primary' }}>
                {t('privacyRequests.typeLegend')}
              </FormLabel>
              <RadioGroup
                aria-labelledby={`${idPrefix}-type`}
                name={field.name}
                value={field.value}
                onChange={(_event, value) => field.onChange(value)}
              >
                {privacyRequestTypes.map((type, index) => (
                  <FormControlLabel
                    key={type}
                    value={type}
                    sx={{ alignItems: 'flex-start', mb: 1 }}
                    control={
                      <Radio
                        sx={{ mt: -0.75 }}
                        slotProps={{
                          input: {
                            ref: index === 0 ? field.ref : undefined,
                            'aria-describedby': `${idPrefix}-help-${type}`,
                          },
                        }}
                      />
                    }
                    label={
                      <>
                        <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
                          {privacyRequestTypeLabels[type]}
                        </Typography>
                        <Typography
                          component="span"
                          variant="body2"
                          color="text.secondary"
                          id={`${idPrefix}-help-${type}`}
                          sx={{ display: 'block' }}
                        >
                          {privacyRequestTypeHelp[type]}
                        </Typography>
                      </>
                    }
                  />
                ))}
              </RadioGroup>
              {errors.type ? <FormHelperText>{errors.type.message}</FormHelperText> : null}
            </FormControl>
          )}
        />
        <TextField
          {...register('detail')}
          id={`${idPrefix}-detail`}
          label={t('privacyRequests.detail')}
          multiline
          minRows={3}
          required
          error={Boolean(errors.detail)}
          helperText={
            errors.detail?.message ??
            `${t('privacyRequests.detailHelp')} ${detail.length}/${privacyRequestLimits.detailMax}`
          }
          slotProps={{ htmlInput: { maxLength: privacyRequestLimits.detailMax } }}
        />
        {visitor ? (
          <TextField
            {...register('email')}
            id={`${idPrefix}-email`}
            label={t('privacyRequests.email')}
            type="email"
            autoComplete="email"
            required
            error={Boolean(errors.email)}
            helperText={errors.email?.message ?? t('privacyRequests.emailHelp')}
          />
        ) : null}
        {failure ? <FormError message={failure} onClose={() => setFailure(null)} /> : null}
        <Box>
          <SubmitButton pending={isSubmitting}>{t('privacyRequests.submit')}</SubmitButton>
        </Box>
      </Stack>
    </Box>
  );
}
