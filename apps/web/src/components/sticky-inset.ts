import { useEffect, useState, type RefCallback } from 'react';

/** The CSS variables that hold the heights of the page's sticky bars (read by error-focus.ts). */
export const stickyInsetVariable = { top: '--fics-sticky-top', bottom: '--fics-sticky-bottom' } as const;

/**
 * Publishes a sticky bar's height as `--fics-sticky-top` or `--fics-sticky-bottom` on the page while
 * the bar is mounted, so that a form's first error is scrolled clear of it (error-focus.ts). Put the
 * ref on the bar. A module of its own: the header uses it on every page, the home's first download
 * included.
 */
export function useStickyInset<T extends HTMLElement>(side: 'top' | 'bottom'): RefCallback<T> {
  const [element, setElement] = useState<T | null>(null);
  useEffect(() => {
    if (!element) {
      return undefined;
    }
    const style = document.documentElement.style;
    const name = stickyInsetVariable[side];
    const publish = () => style.setProperty(name, `${element.getBoundingClientRect().height}px`);
    publish();
    if (typeof ResizeObserver === 'undefined') {
      return () => style.removeProperty(name);
    }
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      style.removeProperty(name);
    };
  }, [element, side]);
  return setElement;
}
