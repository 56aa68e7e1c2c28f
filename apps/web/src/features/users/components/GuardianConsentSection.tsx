import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  guardianConsentStateLabels,
  requestGuardianConsentBodySchema,
  type GuardianConsent,
} from '@fics/contracts';
import { isApiError } from '../../../lib/api-client';
import { useToast } from '../../../components/toast';
import { useGuardianConsent, useGuardianConsentActions } from '../api';

const dateFormat = new Intl.DateTimeFormat('es-CL', { dateStyle: 'medium', timeStyle: 'short' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

const tones: Record<GuardianConsent['state'], 'default' | 'success' | 'warning' | 'error'> = {
  NOT_REQUIRED: 'default',
  MISSING: 'warning',
  PENDING: 'warning',
  GRANTED: 'success',
  REFUSED: 'error',
  WITHDRAWN: 'error',
};

/**
 * 'Consentimiento del apoderado' on a student's edit dialog (issue 22.5; docs/decisions/privacy.md):
 * whether they need it, its state and when, the guardian's e-mail to send (or send again) the notice
 * to, and recording a withdrawal the guardian asked for. The server decides who may (a teacher of
 * the student's grade, an administrator) and answers every refusal in Spanish.
 */
export function GuardianConsentSection({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const consent = useGuardianConsent(userId);
  const { ask, withdraw } = useGuardianConsentActions(userId);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const failWith = (cause: unknown) => {
    if (isApiError(cause) && cause.status >= 400 && cause.status < 500 && cause.message) {
      setFailure(cause.message);
    } else {
      setFailure(t('errors.genericInline'));
    }
  };

  const send = async () => {
    setFailure(null);
    const parsed = requestGuardianConsentBodySchema.safeParse({ guardianEmail: email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    try {
      toast.success(await ask.mutateAsync(parsed.data.guardianEmail));
      setEmail('');
    } catch (cause) {
      failWith(cause);
    }
  };

  const recordWithdrawal = async () => {
    setFailure(null);
    try {
      toast.success(await withdraw.mutateAsync());
    } catch (cause) {
      failWith(cause);
    }
  };

  const data = consent.data;
  const busy = ask.isPending || withdraw.isPending;
  return (
    <Box component="section" aria-labelledby="guardian-consent-title" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id="guardian-consent-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('guardianConsent.title')}
      </Typography>
      {!data ? (
        consent.isError ? (
          <Alert severity="error">{t('errors.genericInline')}</Alert>
        ) : (
          <Skeleton width="60%" />
        )
      ) : (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <Chip
              size="small"
              color={tones[data.state]}
              variant="outlined"
              label={guardianConsentStateLabels[data.state]}
              sx={{ fontWeight: 600 }}
            />
            {data.guardianEmail ? (
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {t('guardianConsent.guardian', { email: data.guardianEmail })}
              </Typography>
            ) : null}
          </Box>
          <Typography variant="body2" color="text.secondary">
            {data.required ? t('guardianConsent.requiredHelp') : t('guardianConsent.notRequiredHelp')}
          </Typography>
          {data.decidedAt || data.requestedAt ? (
            <Typography variant="body2" color="text.secondary">
              {data.withdrawnAt
                ? t('guardianConsent.withdrawnAt', { date: formatDate(data.withdrawnAt) })
                : data.decidedAt
                  ? t('guardianConsent.decidedAt', {
                      date: formatDate(data.decidedAt),
                      version: data.noticeVersion ?? '',
                    })
                  : t('guardianConsent.requestedAt', { date: formatDate(data.requestedAt!) })}
            </Typography>
          ) : null}
          {data.state === 'GRANTED' ? (
            <Box>
              <Button variant="outlined" color="error" onClick={recordWithdrawal} disabled={busy}>
                {t('guardianConsent.recordWithdrawal')}
              </Button>
            </Box>
          ) : data.required || data.state !== 'NOT_REQUIRED' ? (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1 }}>
              <TextField
                label={t('guardianConsent.email')}
                type="email"
                size="small"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                error={Boolean(error)}
                helperText={error ?? undefined}
                disabled={busy}
                sx={{ flex: '1 1 220px' }}
              />
              <Button variant="outlined" onClick={send} disabled={busy} sx={{ minHeight: 40 }}>
                {data.state === 'PENDING' ? t('guardianConsent.resend') : t('guardianConsent.send')}
              </Button>
            </Box>
          ) : null}
          {failure ? <Alert severity="error">{failure}</Alert> : null}
        </>
      )}
    </Box>
  );
}
