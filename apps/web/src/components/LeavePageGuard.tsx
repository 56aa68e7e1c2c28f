import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLeaveBlocker, type ShouldBlock } from '../lib/navigation';
import { ConfirmDialog } from './ConfirmDialog';

interface LeavePageGuardProps {
  /** While true, leaving asks first (inside the app) and the browser warns on unload. */
  when: boolean;
  /** The dialog's explanation under the spec's question; by default, that unsaved changes are lost. */
  message?: string;
}

/**
 * Spec 001 §2: leaving a page with unsaved work asks 'Seguro que quieres salir de esta pagina?'
 * (a dialog, for links, the menu and the back button: lib/navigation.tsx holds those navigations),
 * and the browser's own warning is on for reloads, closing the tab and other sites.
 *
 * `when` is read at the moment of navigating, not a render later: a form that saves and moves on in
 * one handler turns it off with flushSync (or unmounts) before calling navigate.
 */
export function LeavePageGuard({ when, message }: LeavePageGuardProps) {
  const { t } = useTranslation();
  const whenRef = useRef(when);
  useLayoutEffect(() => {
    whenRef.current = when;
  }, [when]);

  const shouldBlock = useCallback<ShouldBlock>(
    ({ currentLocation, nextLocation }) =>
      whenRef.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [],
  );
  const blocker = useLeaveBlocker(shouldBlock);

  useEffect(() => {
    if (!when) {
      return undefined;
    }
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the warning only with a returnValue set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  // Nothing left to lose (saved meanwhile): let a waiting navigation go.
  useEffect(() => {
    if (blocker.state === 'blocked' && !when) {
      blocker.proceed();
    }
  }, [blocker, when]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={t('storyEditor.leavePage.title')}
      message={message ?? t('storyEditor.leavePage.text')}
      confirmLabel={t('storyEditor.leavePage.leave')}
      destructive={false}
      onClose={blocker.reset}
      onConfirm={blocker.proceed}
    />
  );
}
