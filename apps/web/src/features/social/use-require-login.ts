import { useCallback } from 'react';
import { commentMessages } from '@fics/contracts';
import { useToast } from '../../components/toast';
import { useLoginDialog, useSession } from '../auth';

/**
 * Spec 001 §4: a visitor who tries to like, comment or reply is told 'Debes iniciar sesión para
 * realizar esta acción' and the login dialog opens; nothing else happens. Returns `allowed()`, true
 * when the action may go on (a session, or one still loading: the API decides then).
 */
export function useRequireLogin(): () => boolean {
  const { status } = useSession();
  const { openLogin } = useLoginDialog();
  const toast = useToast();
  return useCallback(() => {
    if (status !== 'anonymous') {
      return true;
    }
    toast.error(commentMessages.loginRequired);
    openLogin();
    return false;
  }, [status, openLogin, toast]);
}
