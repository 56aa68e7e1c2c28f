import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Spec 001 §2: the shell scrolls to the top on each path change (not on query or hash changes). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
