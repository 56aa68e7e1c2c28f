import { lazy, Suspense, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import CloseIcon from '#icons/Close';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { loginBodySchema, messages, recoverPasswordBodySchema } from '@fics/contracts';
import { isApiError } from '../../../lib/api-client';
import { useErrorFocus } from '../../../components/error-focus';
import { applyServerErrors } from '../../../components/form-errors';
import { FormError } from '../../../components/FormError';
import { PasswordField } from '../../../components/PasswordField';
import { SubmitButton } from '../../../components/SubmitButton';
import { useToast } from '../../../components/toast';
import { useLogin, useRecoverPassword } from '../api';

// The registration request form ('¿Te gustaría formar parte?'): loaded when asked for.
const RegisterRequestForm = lazy(() =>
  import('../../requests').then((m) => ({ default: m.RegisterRequestForm })),
);

interface LoginDialogProps {
  open: boolean;
  onClose: () => void;
  /** Why it opened by itself: the session ended with writing open (issue 18.1). */
  reason?: 'sessionExpired';
}

type Mode = 'login' | 'recovery' | 'register';

/**
 * Spec 000 §2 Login dialog: login form, the recovery form behind '¿Olvidaste tú contraseña?' and the
 * registration request form behind '¿Te gustaría formar parte?'.
 */
export function LoginDialog({ open, onClose, reason }: LoginDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [mode, setMode] = useState<Mode>('login');
  const [email, setEmail] = useState('');

  const close = () => {
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={mode === 'register' ? 'sm' : 'xs'}
      slotProps={{ transition: { onExited: () => setMode('login') } }}
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {
          {
            login: t('auth.loginTitle'),
            recovery: t('auth.recoveryTitle'),
            register: t('requests.registerTitle'),
          }[mode]
        }
      </DialogTitle>
      <IconButton
        aria-label={t('common.close')}
        onClick={close}
        sx={{ position: 'absolute', right: 12, top: 12 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent>
        {mode === 'login' && reason === 'sessionExpired' ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('storyEditor.sessionExpired')}
          </Alert>
        ) : null}
        {mode === 'login' ? (
          <LoginForm
            initialEmail={email}
            onSuccess={close}
            onForgot={(typed) => {
              setEmail(typed);
              setMode('recovery');
            }}
            onRegister={() => setMode('register')}
          />
        ) : null}
        {mode === 'register' ? (
          <Suspense
            fallback={
              <CircularProgress
                aria-label={t('common.loading')}
                sx={{ display: 'block', mx: 'auto', my: 4 }}
              />
            }
          >
            <RegisterRequestForm onBack={() => setMode('login')} />
          </Suspense>
        ) : null}
        {mode === 'recovery' ? (
          <RecoveryForm
            initialEmail={email}
            onBack={(typed) => {
              setEmail(typed);
              setMode('login');
            }}
          />
        ) : null}
        <PolicyLinks onFollow={close} />
      </DialogContent>
    </Dialog>
  );
}

/** The terms and the privacy policy (/terminos-condiciones), which the shell links nowhere else. */
function PolicyLinks({ onFollow }: { onFollow: () => void }) {
  const { t } = useTranslation();
  const link = (to: string, label: string) => (
    <Link
      component={RouterLink}
      to={to}
      onClick={onFollow}
      color="text.secondary"
      sx={{ whiteSpace: 'nowrap' }}
    >
      {label}
    </Link>
  );
  return (
    <Typography variant="body2" sx={{ mt: 3, textAlign: 'center', color: 'text.secondary' }}>
      {link('/terminos-condiciones', t('policies.termsTab'))}
      {' · '}
      {link('/terminos-condiciones?tab=privacidad', t('policies.privacyTab'))}
    </Typography>
  );
}

type LoginInput = z.input<typeof loginBodySchema>;
type LoginOutput = z.output<typeof loginBodySchema>;

function LoginForm({
  initialEmail,
  onSuccess,
  onForgot,
  onRegister,
}: {
  initialEmail: string;
  onSuccess: () => void;
  onForgot: (email: string) => void;
  onRegister: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const login = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, LoginOutput>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: initialEmail, password: '' },
    shouldFocusError: false,
  });
  const errorFocus = useErrorFocus();

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await login.mutateAsync(values);
      toast.success(t('auth.loginSuccess'));
      onSuccess();
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        setFailure(messages.badCredentials);
      } else if (
        !applyServerErrors(error, setError, ['email', 'password'], { focus: errorFocus.focusFirstError })
      ) {
        setFailure(messages.internal);
      }
    }
  }, errorFocus.focusFirstError);

  return (
    <Box component="form" ref={errorFocus.ref} noValidate onSubmit={onSubmit} sx={{ pt: 1 }}>
      <Stack spacing={2}>
        <TextField
          {...register('email')}
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          autoFocus
          error={Boolean(errors.email)}
          helperText={errors.email?.message}
        />
        <PasswordField
          {...register('password')}
          label={t('auth.password')}
          autoComplete="current-password"
          error={Boolean(errors.password)}
          helperText={errors.password?.message}
        />
        <FormError message={failure} />
        <SubmitButton pending={isSubmitting} size="large" fullWidth>
          {t('auth.submitLogin')}
        </SubmitButton>
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => onForgot(getValues('email'))}
          sx={{ alignSelf: 'center' }}
        >
          {t('auth.forgotPassword')}
        </Link>
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={onRegister}
          sx={{ alignSelf: 'center' }}
        >
          {t('requests.registerLink')}
        </Link>
      </Stack>
    </Box>
  );
}

type RecoveryInput = z.input<typeof recoverPasswordBodySchema>;
type RecoveryOutput = z.output<typeof recoverPasswordBodySchema>;

function RecoveryForm({ initialEmail, onBack }: { initialEmail: string; onBack: (email: string) => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const recover = useRecoverPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<RecoveryInput, unknown, RecoveryOutput>({
    resolver: zodResolver(recoverPasswordBodySchema),
    defaultValues: { email: initialEmail },
    shouldFocusError: false,
  });
  const errorFocus = useErrorFocus();

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { message } = await recover.mutateAsync(values);
      toast.success(t('auth.recoverySent'));
      setSentMessage(message);
    } catch (error) {
      if (applyServerErrors(error, setError, ['email'], { focus: errorFocus.focusFirstError })) {
        return;
      }
      // Spec 000 §8: a recovery error shows the server's message.
      setFailure(
        isApiError(error) && error.status > 0 && error.message ? error.message : t('errors.genericInline'),
      );
    }
  }, errorFocus.focusFirstError);

  return (
    <Box component="form" ref={errorFocus.ref} noValidate onSubmit={onSubmit} sx={{ pt: 1 }}>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t('auth.recoveryIntro')}
        </Typography>
        <TextField
          {...register('email')}
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          autoFocus
          error={Boolean(errors.email)}
          helperText={errors.email?.message}
        />
        {sentMessage ? (
          <Alert severity="success" role="status">
            {sentMessage}
          </Alert>
        ) : null}
        <FormError message={failure} />
        <Stack direction="row" spacing={1.5}>
          <Button variant="outlined" size="large" fullWidth onClick={() => onBack(getValues('email'))}>
            {t('common.back')}
          </Button>
          <SubmitButton pending={isSubmitting} size="large" fullWidth>
            {t('common.send')}
          </SubmitButton>
        </Stack>
      </Stack>
    </Box>
  );
}
