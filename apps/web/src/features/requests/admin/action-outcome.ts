import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { useToast } from '../../../components/toast';
import { refreshChangeRequests, refreshRegisterRequests } from '../admin-api';

export type RequestKind = 'change' | 'register';

/**
 * What a failed approve or deny means (spec 000 §8): a 409 is a request someone already handled: a
 * toast (for a change request the spec's own text, 'Esta solicitud ya fue atendida', not the API's
 * 'Esta solicitud fue atendida'; for a registration request the API's message, 'Esta solicitud no
 * existe o ya fue atendida'), both lists asked again, and 'conflict' so the dialog closes. Anything
 * else: the generic toast and 'failed', so the dialog stays open with its inline message.
 */
export function useActionFailure(kind: RequestKind): (error: unknown) => 'conflict' | 'failed' {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  return (error) => {
    if (isApiError(error) && error.status === 409) {
      toast.error(
        kind === 'change' ? t('requestsAdmin.changeHandled') : error.message || t('errors.generic'),
      );
      void (kind === 'change' ? refreshChangeRequests(queryClient) : refreshRegisterRequests(queryClient));
      return 'conflict';
    }
    toast.error(t('errors.generic'));
    return 'failed';
  };
}
