import { createContext, lazy, Suspense, useContext, useMemo, useState, type ReactNode } from 'react';
import type * as ToastHostModule from './toast-host';

/** Spec 000 §9 / 001 §9: top centre, 75 px from the top, closes after 2000 ms or on its close button. */
export const TOAST_AUTO_HIDE_MS = 2000;
export const TOAST_TOP_OFFSET_PX = 75;

export type ToastVariant = 'success' | 'error' | 'info';

export interface Toasts {
  success: (message: string) => void;
  error: (message: string) => void;
  info: (message: string) => void;
}

/**
 * Toasts asked for, held until the host (notistack, loaded lazily: components/toast-host.tsx) is
 * there to show them; from then on handed straight to it.
 */
export class ToastQueue {
  private pending: { message: string; variant: ToastVariant }[] = [];
  private show: ((toast: { message: string; variant: ToastVariant }) => void) | null = null;

  push(message: string, variant: ToastVariant): void {
    if (this.show) {
      this.show({ message, variant });
    } else {
      this.pending.push({ message, variant });
    }
  }

  /** The host takes over: gets what was waiting, then every new toast; returns its detach. */
  drain(show: (toast: { message: string; variant: ToastVariant }) => void): () => void {
    this.show = show;
    for (const toast of this.pending.splice(0)) {
      show(toast);
    }
    return () => {
      if (this.show === show) {
        this.show = null;
      }
    };
  }
}

type HostModule = typeof ToastHostModule;
let loadedHost: HostModule | undefined;

/**
 * Fetches the toasts' host ahead of the first toast (main.tsx, at the visitor's first touch, click
 * or key; the tests' setup): a provider mounted after that shows the host at once, and a toast never
 * waits for it.
 */
export function preloadToastHost(): Promise<HostModule> {
  return import('./toast-host').then((module) => (loadedHost = module));
}

const LazyToastHost = lazy(() => preloadToastHost().then((m) => ({ default: m.ToastHost })));

const ToastContext = createContext<Toasts | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue] = useState(() => new ToastQueue());
  const [hostWanted, setHostWanted] = useState(false);
  const toasts = useMemo<Toasts>(() => {
    const push = (variant: ToastVariant) => (message: string) => {
      queue.push(message, variant);
      setHostWanted(true);
    };
    return { success: push('success'), error: push('error'), info: push('info') };
  }, [queue]);
  return (
    <ToastContext.Provider value={toasts}>
      {children}
      {loadedHost ? (
        <loadedHost.ToastHost queue={queue} />
      ) : hostWanted ? (
        <Suspense fallback={null}>
          <LazyToastHost queue={queue} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}

/** The app's alert toast: `toast.success('Usuario creado exitosamente')`, `toast.error(...)`. */
export function useToast(): Toasts {
  const toasts = useContext(ToastContext);
  if (!toasts) {
    throw new Error('useToast must be used inside ToastProvider');
  }
  return toasts;
}
