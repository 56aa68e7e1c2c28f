/*
 * The student's phone number (spec 000 §2 Profile; students only, §6), masked. Loaded on demand
 * with the phone metadata; the edit dialog, with its flags, is a further chunk fetched on first use.
 */
import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import EditOutlined from '#icons/EditOutlined';
import { useTranslation } from 'react-i18next';
import type { User } from '@fics/contracts';
import { maskPhoneNumber } from '../phone-mask';

const loadDialog = () => import('./PhoneDialog');
const PhoneDialog = lazy(() => loadDialog().then((module) => ({ default: module.PhoneDialog })));

export function StudentPhone({ user }: { user: User }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
      <Typography
        sx={{
          fontVariantNumeric: 'tabular-nums',
          color: user.phoneNumber ? 'text.primary' : 'text.secondary',
          fontStyle: user.phoneNumber ? 'normal' : 'italic',
        }}
      >
        {user.phoneNumber ? maskPhoneNumber(user.phoneNumber) : t('profile.noPhone')}
      </Typography>
      <Button
        size="small"
        startIcon={<EditOutlined />}
        aria-label={t('profile.editPhone')}
        // Start fetching the dialog as soon as the user heads for the button.
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => setOpen(true)}
      >
        {t('profile.edit')}
      </Button>
      {open ? (
        <Suspense fallback={<CircularProgress size={20} aria-label={t('common.loading')} />}>
          <PhoneDialog user={user} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </Box>
  );
}
