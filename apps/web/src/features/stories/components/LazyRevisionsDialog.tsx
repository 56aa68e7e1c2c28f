import { lazy, Suspense, useState } from 'react';
import type { Story } from '@fics/contracts';

// 'Cambios' and its diff library load the first time it opens: the home page and readers of a fic
// never download them.
const RevisionsDialog = lazy(() => import('./RevisionsDialog'));

/** The rounds' comparison, mounted from its first opening on (it fades out when closed). */
export function LazyRevisionsDialog({
  story,
  open,
  onClose,
}: {
  story: Story;
  open: boolean;
  onClose: () => void;
}) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) {
    setOpened(true);
  }
  if (!opened) {
    return null;
  }
  return (
    <Suspense fallback={null}>
      <RevisionsDialog story={story} open={open} onClose={onClose} />
    </Suspense>
  );
}
