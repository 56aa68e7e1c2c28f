import { lazy, Suspense, useEffect, useState } from 'react';
import type { Story } from '@fics/contracts';

const loadEvaluations = () => import('../../evaluations');
// The drawer (rubric grid, the teacher's form) loads the first time it opens: readers of a fic
// never download it.
const EvaluationDrawer = lazy(() => loadEvaluations().then((m) => ({ default: m.EvaluationDrawer })));

interface LazyEvaluationDrawerProps {
  story: Story;
  open: boolean;
  onClose: () => void;
  /** Fetch its code now (the review page, where the teacher is about to open it). */
  preload?: boolean;
}

/** The evaluations feature's drawer, mounted from its first opening on (it slides out when closed). */
export function LazyEvaluationDrawer({ story, open, onClose, preload = false }: LazyEvaluationDrawerProps) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) {
    setOpened(true);
  }
  useEffect(() => {
    if (preload) {
      void loadEvaluations();
    }
  }, [preload]);
  if (!opened) {
    return null;
  }
  return (
    <Suspense fallback={null}>
      <EvaluationDrawer story={story} open={open} onClose={onClose} />
    </Suspense>
  );
}
