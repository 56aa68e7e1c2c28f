import { lazy, Suspense, useCallback, useState } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import FlagOutlined from '#icons/FlagOutlined';
import { useTranslation } from 'react-i18next';
import { commentMessages, type ReportTarget } from '@fics/contracts';
import { useToast } from '../../../components/toast';
import { useLoginDialog, useSession } from '../../auth';

// The form (react-hook-form, the schema, radio buttons) loads the first time someone reports.
const ReportDialog = lazy(() => import('./ReportDialog').then((m) => ({ default: m.ReportDialog })));

interface ReportButtonProps {
  target: ReportTarget;
  targetId: string;
  /** The button's accessible name when 'Reportar' alone would be ambiguous ('Reportar el comentario de Ana'). */
  label?: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}

/**
 * 'Reportar' on a comment, a reply or a published fic (issue 21.1). The caller leaves it out on the
 * signed-in user's own items. A visitor is asked to log in ('Debes iniciar sesión…', the login
 * dialog), as for liking or commenting (social's useRequireLogin); nothing else happens.
 */
export function ReportButton({
  target,
  targetId,
  label,
  size = 'small',
  variant = 'text',
}: ReportButtonProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const { status } = useSession();
  const { openLogin } = useLoginDialog();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);

  const start = useCallback(() => {
    if (status === 'anonymous') {
      toast.error(commentMessages.loginRequired);
      openLogin();
      return;
    }
    setMounted(true);
    setOpen(true);
  }, [status, toast, openLogin]);

  return (
    <>
      <Button
        size={size}
        variant={variant}
        color="inherit"
        startIcon={<FlagOutlined />}
        onClick={start}
        aria-label={label}
        sx={{ color: 'text.secondary' }}
      >
        {t('moderation.report')}
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <ReportDialog open={open} target={target} targetId={targetId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
