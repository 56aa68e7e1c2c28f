import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth';
import { SubmitButton } from '../../../components/SubmitButton';
import { FormError } from '../../../components/FormError';
import { isApiError } from '../../../lib/api-client';
import { useConfirmPrivacyRequest } from '../api';
import { PrivacyRequestForm } from './PrivacyRequestForm';

/**
 * The e-mailed link's landing (/terminos-condiciones?tab=privacidad&confirmar=<token>): a button
 * confirms it, so a mail scanner that only opens links confirms nothing. Once; an old link says so.
 */
export function ConfirmPrivacyRequest({ token }: { token: string }) {
  const { t } = useTranslation();
  const confirm = useConfirmPrivacyRequest();
  const failure = confirm.error
    ? isApiError(confirm.error) && confirm.error.status > 0 && confirm.error.status < 500
      ? confirm.error.message
      : t('errors.genericInline')
    : null;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="privacy-confirm-title"
      sx={{ p: { xs: 2, md: 3 }, mb: 3 }}
    >
      <Typography
        id="privacy-confirm-title"
        variant="h2"
        sx={{ fontSize: { xs: '1.15rem', md: '1.2rem' }, mb: 1.5 }}
      >
        {t('privacyRequests.confirmTitle')}
      </Typography>
      {confirm.isSuccess ? (
        <Alert severity="success" role="status">
          {confirm.data.message}
        </Alert>
      ) : (
        <Stack spacing={2}>
          <Typography color="text.secondary">{t('privacyRequests.confirmIntro')}</Typography>
          {failure ? <FormError message={failure} /> : null}
          <Box>
            <SubmitButton pending={confirm.isPending} onClick={() => confirm.mutate(token)}>
              {t('privacyRequests.confirmButton')}
            </SubmitButton>
          </Box>
        </Stack>
      )}
    </Paper>
  );
}

/**
 * The public form on /terminos-condiciones, for a parent without an account (issue 22.3). Someone
 * signed in files theirs on /perfil (the request is their account's there), so they get a link.
 */
export function PublicPrivacyRequest() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (user) {
    return (
      <Alert severity="info" sx={{ mt: 4 }}>
        {t('privacyRequests.signedInHint')}{' '}
        <Link component={RouterLink} to="/perfil">
          {t('privacyRequests.profileTitle')}
        </Link>
      </Alert>
    );
  }
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="privacy-public-title"
      sx={{ p: { xs: 2, md: 3 }, mt: 4 }}
    >
      <Typography
        id="privacy-public-title"
        variant="h2"
        sx={{ fontSize: { xs: '1.15rem', md: '1.3rem' }, mb: 1.5 }}
      >
        {t('privacyRequests.publicTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2.5 }}>
        {t('privacyRequests.publicIntro')}
      </Typography>
      <PrivacyRequestForm visitor />
    </Paper>
  );
}
