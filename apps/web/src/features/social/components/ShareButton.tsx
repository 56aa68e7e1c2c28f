import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import ShareOutlined from '#icons/ShareOutlined';
import { useTranslation } from 'react-i18next';
import type { Story } from '@fics/contracts';

// The dialog and its icons load on the first click: most readers never share.
const ShareDialog = lazy(() => import('./ShareDialog'));

/** 'Compartir', which opens the share dialog. */
export function ShareButton({ story }: { story: Story }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ShareOutlined />}
        aria-haspopup="dialog"
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        {t('social.share')}
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <ShareDialog story={story} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
