import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
// Left on `<html>` by the painted page or boot.ts when 'Ingresar' was tapped before the app ran: the
// login opens as the app mounts (not for someone signed in already, who gets their menu).
import { EARLY_LOGIN_ATTRIBUTE } from '@fics/contracts/shell-texts';
import { withAllTexts } from '../../../lib/i18n';
import { getToken } from '../../../lib/session';
import { readResumePoint, subscribeResumePoint } from '../../../lib/unsaved-work-registry';

// The dialog pulls in forms and validation: loaded on first open, not with the home page.
const LoginDialog = lazy(() =>
  withAllTexts(() => import('./LoginDialog')).then((m) => ({ default: m.LoginDialog })),
);

// Only after a session expired with work open (rare): loaded then, not with the home page.
const ResumeAfterLogin = lazy(() =>
  import('./ResumeAfterLogin').then((m) => ({ default: m.ResumeAfterLogin })),
);
const hasResumePoint = () => readResumePoint() !== null;
const noResumePoint = () => false;

/** Why the dialog opened by itself: said above the form. */
export type LoginReason = 'sessionExpired';

interface LoginDialogControl {
  openLogin: () => void;
}

const LoginDialogContext = createContext<LoginDialogControl | null>(null);

/** Lets any screen open the login dialog (header 'Ingresar', later "log in to like" prompts). */
export function LoginDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const [reason, setReason] = useState<LoginReason | undefined>();
  const openFor = useCallback((why?: LoginReason) => {
    setReason(why);
    setMounted(true);
    setOpen(true);
  }, []);
  const openLogin = useCallback(() => openFor(), [openFor]);
  useEffect(() => {
    const root = document.documentElement;
    if (root.hasAttribute(EARLY_LOGIN_ATTRIBUTE)) {
      root.removeAttribute(EARLY_LOGIN_ATTRIBUTE);
      if (getToken() === null) {
        openFor();
      }
    }
  }, [openFor]);
  const value = useMemo(() => ({ openLogin }), [openLogin]);
  const resuming = useSyncExternalStore(subscribeResumePoint, hasResumePoint, noResumePoint);
  return (
    <LoginDialogContext.Provider value={value}>
      {children}
      {resuming ? (
        <Suspense fallback={null}>
          <ResumeAfterLogin openLogin={openFor} />
        </Suspense>
      ) : null}
      {mounted ? (
        <Suspense fallback={null}>
          <LoginDialog open={open} reason={reason} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </LoginDialogContext.Provider>
  );
}

export function useLoginDialog(): LoginDialogControl {
  const control = useContext(LoginDialogContext);
  if (!control) {
    throw new Error('useLoginDialog must be used inside LoginDialogProvider');
  }
  return control;
}
