import { useTranslation } from 'react-i18next';
import type { ChangeRequest } from '@fics/contracts';
import { useChangeHistory, usePendingChangeRequests } from '../admin-api';
import { RequestsScreen, useHistoryUrl } from '../admin/components/RequestsScreen';

const explanation = (request: ChangeRequest) => request.studentExplanation;

/** Spec 000 §2 Change requests (/cambios, administrators). */
export function ChangeRequestsPage() {
  const { t } = useTranslation();
  const [url] = useHistoryUrl();
  const pending = usePendingChangeRequests();
  const history = useChangeHistory({ page: url.page, limit: url.limit });
  return (
    <RequestsScreen
      kind="change"
      title={t('requestsAdmin.changeTitle')}
      heading={t('requestsAdmin.changeHeading')}
      requesterLabel={t('requestsAdmin.student')}
      summary={explanation}
      pending={pending}
      history={history}
    />
  );
}
