import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { User } from '@fics/contracts';
import { usePendingChangeRequest } from '../api';
import { ChangeRequestDialog } from './ChangeRequestDialog';

/**
 * 'Solicitar modificación' in the student's school and grade section: opens the change request.
 * While one waits for an administrator, a new one is disabled and the reason shown.
 */
export function ChangeRequestAction({ user }: { user: User }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { pending, isPending } = usePendingChangeRequest();
  const reasonId = useId();
  return (
    <Stack spacing={1} sx={{ mt: 2, alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        onClick={() => setOpen(true)}
        disabled={isPending || pending !== null}
        aria-describedby={pending ? reasonId : undefined}
      >
        {t('requests.requestChange')}
      </Button>
      {pending ? (
        <Typography id={reasonId} variant="body2" color="text.secondary">
          {t('requests.pendingReason')}
        </Typography>
      ) : null}
      <ChangeRequestDialog open={open} user={user} onClose={() => setOpen(false)} />
    </Stack>
  );
}
