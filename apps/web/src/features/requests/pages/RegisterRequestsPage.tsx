import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegisterRequest } from '@fics/contracts';
import { usePendingRegisterRequests, useRegisterHistory } from '../admin-api';
import { RequestsScreen, useHistoryUrl } from '../admin/components/RequestsScreen';

/** Spec 000 §2 Account-creation requests (/registros, administrators). */
export function RegisterRequestsPage() {
  const { t } = useTranslation();
  const [url] = useHistoryUrl();
  const pending = usePendingRegisterRequests();
  const history = useRegisterHistory({ page: url.page, limit: url.limit });
  const comment = useCallback(
    (request: RegisterRequest) => request.userComment || t('requestsAdmin.noComment'),
    [t],
  );
  return (
    <RequestsScreen
      kind="register"
      title={t('requestsAdmin.registerTitle')}
      heading={t('requestsAdmin.registerHeading')}
      requesterLabel={t('requestsAdmin.user')}
      summary={comment}
      pending={pending}
      history={history}
    />
  );
}
