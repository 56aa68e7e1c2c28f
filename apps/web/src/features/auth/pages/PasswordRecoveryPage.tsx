import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutlined from '#icons/CheckCircleOutlined';
import LinkOffOutlined from '#icons/LinkOffOutlined';
import ErrorOutlineOutlined from '#icons/ErrorOutlineOutlined';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { limits, messages, newPasswordSchemaFor, type newPasswordSchema } from '@fics/contracts';
import { isApiError } from '../../../lib/api-client';
import { useErrorFocus } from '../../../components/error-focus';
import { applyServerErrors } from '../../../components/form-errors';
import { FormError } from '../../../components/FormError';
import { PageLoader } from '../../../components/PageLoader';
import { PasswordField } from '../../../components/PasswordField';
import { NewPasswordField } from '../../../components/NewPasswordField';
import { withPasswordStrength } from '../../../components/password-strength';
import { SubmitButton } from '../../../components/SubmitButton';
import { useRecoveryToken, useSetPassword, type RecoveryTokenInfo } from '../api';

/** /password-recovery/:token — password recovery and account invitations (architecture.md §6.1–6.2). */
export function PasswordRecoveryPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation();
  const check = useRecoveryToken(token);
  const [outcome, setOutcome] = useState<'form' | 'expired' | 'done'>('form');

  if (check.isPending) {
    return <PageLoader />;
  }
  if (check.isError) {
    const invalid = isApiError(check.error) && check.error.status >= 400 && check.error.status < 500;
    return invalid ? (
      <Outcome
        icon={<LinkOffOutlined fontSize="inherit" />}
        tone="error"
        text={messages.invalidRecoveryToken}
      />
    ) : (
      <Outcome
        icon={<ErrorOutlineOutlined fontSize="inherit" />}
        tone="error"
        text={t('errors.loadFailed')}
      />
    );
  }
  if (outcome === 'expired') {
    return (
      <Outcome
        icon={<LinkOffOutlined fontSize="inherit" />}
        tone="error"
        text={messages.invalidRecoveryToken}
      />
    );
  }
  if (outcome === 'done') {
    return (
      <Outcome
        icon={<CheckCircleOutlined fontSize="inherit" />}
        tone="success"
        text={t('recovery.success')}
      />
    );
  }
  return <NewPasswordForm token={token} info={check.data} onDone={setOutcome} />;
}

function Outcome({ icon, text, tone }: { icon: React.ReactNode; text: string; tone: 'success' | 'error' }) {
  const { t } = useTranslation();
  return (
    <Card>
      <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Box
          aria-hidden
          sx={{ fontSize: 72, lineHeight: 0, color: tone === 'success' ? 'success.main' : 'error.main' }}
        >
          {icon}
        </Box>
        <Typography variant="h2" component="h1" role={tone === 'error' ? 'alert' : 'status'}>
          {text}
        </Typography>
        <Button variant="contained" size="large" component={Link} to="/">
          {t('common.goHome')}
        </Button>
      </Stack>
    </Card>
  );
}

function Card({ children }: { children: React.ReactNode }) {
  return (
    <Paper
      variant="outlined"
      sx={{ maxWidth: 480, mx: 'auto', mt: { xs: 1, md: 4 }, p: { xs: 3, sm: 4 }, borderRadius: 3 }}
    >
      {children}
    </Paper>
  );
}

type FormInput = z.input<typeof newPasswordSchema>;
type FormOutput = z.output<typeof newPasswordSchema>;

function NewPasswordForm({
  token,
  info,
  onDone,
}: {
  token: string;
  info: RecoveryTokenInfo;
  onDone: (outcome: 'expired' | 'done') => void;
}) {
  const { t } = useTranslation();
  const setPassword = useSetPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const invitation = info.purpose === 'INVITATION';
  // The account's own e-mail and weak passwords (the strength estimate, issue 18 point 9) are refused
  // here at once, with the server's messages; the server also refuses the name and its long list.
  const schema = useMemo(
    () => withPasswordStrength(newPasswordSchemaFor({ email: info.email }), { email: info.email }),
    [info.email],
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirmationPassword: '' },
    shouldFocusError: false,
  });
  const errorFocus = useErrorFocus();

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await setPassword.mutateAsync({ token, ...values });
      onDone('done');
    } catch (error) {
      if (
        applyServerErrors(error, setError, ['password', 'confirmationPassword'], {
          focus: errorFocus.focusFirstError,
        })
      ) {
        return;
      }
      // The token was used or expired while the form was open.
      if (isApiError(error) && error.status === 400) {
        onDone('expired');
        return;
      }
      setFailure(t('errors.genericInline'));
    }
  }, errorFocus.focusFirstError);

  return (
    <Card>
      <Typography variant="h1" component="h1" sx={{ mb: 1 }}>
        {invitation ? t('recovery.invitationTitle') : t('recovery.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
        {invitation
          ? t('recovery.invitationIntro', { email: info.email })
          : t('recovery.intro', { email: info.email })}
      </Typography>
      <Box component="form" ref={errorFocus.ref} noValidate onSubmit={onSubmit}>
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={info.email} readOnly hidden />
        <Stack spacing={2}>
          <NewPasswordField
            {...register('password')}
            identity={{ email: info.email }}
            label={t('recovery.password')}
            autoComplete="new-password"
            autoFocus
            error={Boolean(errors.password)}
            helperText={
              errors.password?.message ??
              t('recovery.rules', { min: limits.passwordMin, max: limits.passwordMax })
            }
          />
          <PasswordField
            {...register('confirmationPassword')}
            label={t('recovery.confirmation')}
            autoComplete="new-password"
            error={Boolean(errors.confirmationPassword)}
            helperText={errors.confirmationPassword?.message}
          />
          <FormError message={failure} />
          <SubmitButton pending={isSubmitting} size="large" fullWidth>
            {invitation ? t('recovery.invitationSubmit') : t('recovery.submit')}
          </SubmitButton>
        </Stack>
      </Box>
    </Card>
  );
}
