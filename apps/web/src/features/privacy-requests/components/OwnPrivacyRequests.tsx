import { useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoadFailedState } from '../../../components/LoadFailedState';
import { PageControls } from '../../../components/PageControls';
import { PageLoader } from '../../../components/PageLoader';
import { useOwnPrivacyRequests } from '../api';
import { PrivacyRequestCard } from './PrivacyRequestCard';

const limit = 5;

/** 'Mis solicitudes': the person's own, newest first, with status and due date, a page at a time. */
export function OwnPrivacyRequests() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const requests = useOwnPrivacyRequests({ page, limit });
  const shown = requests.data;
  if (requests.isError) {
    return <LoadFailedState framed={false} onRetry={() => void requests.refetch()} />;
  }
  if (!shown) {
    return <PageLoader />;
  }
  if (shown.totalDocs === 0) {
    return <Typography color="text.secondary">{t('privacyRequests.mineEmpty')}</Typography>;
  }
  return (
    <>
      <Box
        component="ul"
        aria-label={t('privacyRequests.mineLabel')}
        aria-busy={requests.isPlaceholderData}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}
      >
        {shown.docs.map((request) => (
          <li key={request._id}>
            <PrivacyRequestCard request={request} />
          </li>
        ))}
      </Box>
      {shown.totalDocs > limit ? (
        <PageControls
          page={page}
          limit={limit}
          totalDocs={shown.totalDocs}
          onPageChange={setPage}
          label={t('privacyRequests.pages')}
        />
      ) : null}
    </>
  );
}
