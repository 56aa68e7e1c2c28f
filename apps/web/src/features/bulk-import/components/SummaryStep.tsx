import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { BulkImportSummary } from '@fics/contracts';
import { FormError } from '../../../components/FormError';

export type ImportOutcome =
  | { status: 'pending' }
  | { status: 'failed'; message: string }
  | { status: 'done'; summary: BulkImportSummary };

/** Step 'Resumen': progress while the server works, then users created and rows refused (spec 000 §2). */
export function SummaryStep({ outcome }: { outcome: ImportOutcome }) {
  const { t } = useTranslation();

  if (outcome.status === 'pending') {
    return (
      <Stack role="status" spacing={2} sx={{ alignItems: 'center', py: 6, textAlign: 'center' }}>
        <CircularProgress aria-hidden />
        <Typography>{t('bulkImport.importing')}</Typography>
      </Stack>
    );
  }

  if (outcome.status === 'failed') {
    return (
      <Box sx={{ py: 3 }}>
        <FormError message={outcome.message} sx={{ mt: 0 }} />
      </Box>
    );
  }

  return <Summary summary={outcome.summary} />;
}

function Summary({ summary }: { summary: BulkImportSummary }) {
  const { t } = useTranslation();
  const errorsTitleId = useId();
  const { usersCreated, usersErrors } = summary;
  return (
    <Stack spacing={2.5} sx={{ pt: 1 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
        <Count label={t('bulkImport.created')} value={usersCreated} tone="success" />
        <Count label={t('bulkImport.failed')} value={usersErrors.length} tone="error" />
      </Box>
      {usersCreated > 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('bulkImport.invitationNote')}
        </Typography>
      ) : null}
      {usersErrors.length === 0 ? (
        <Alert severity="success">{t('bulkImport.noErrors')}</Alert>
      ) : (
        <Box>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }} id={errorsTitleId}>
            {t('bulkImport.errorsTitle')}
          </Typography>
          <Box
            component="ul"
            aria-labelledby={errorsTitleId}
            sx={{ listStyle: 'none', m: 0, p: 0, border: 1, borderColor: 'divider', borderRadius: 1 }}
          >
            {usersErrors.map((failure, index) => (
              <Box
                component="li"
                // Rows may repeat an e-mail (that is one of the errors), so the position is part of the key.
                key={`${index}-${failure.email}`}
                sx={{
                  px: 2,
                  py: 1.25,
                  display: 'grid',
                  gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
                  columnGap: 2,
                  rowGap: 0.25,
                  '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' },
                }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {failure.email || '—'}
                  </Typography>
                  {failure.name ? (
                    <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {failure.name}
                    </Typography>
                  ) : null}
                </Box>
                <Typography variant="body2" sx={{ color: 'error.dark' }}>
                  {failure.message}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </Stack>
  );
}

function Count({ label, value, tone }: { label: string; value: number; tone: 'success' | 'error' }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, textAlign: 'center' }}>
      <Typography
        component="p"
        sx={{
          fontSize: '2rem',
          fontWeight: 700,
          lineHeight: 1.2,
          color: value > 0 ? (tone === 'success' ? 'success.dark' : 'error.dark') : 'text.primary',
        }}
      >
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Paper>
  );
}
