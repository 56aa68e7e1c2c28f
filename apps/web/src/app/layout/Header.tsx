import { lazy, Suspense } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLoginDialog, useSession } from '../../features/auth';
import { FilterToggle, filterPanel } from '../../features/home';
import { useStickyInset } from '../../components/sticky-inset';
import type { MenuEntry } from '../menu';

// Signed-in users only: its menu code stays out of the home page's first download.
const AccountMenu = lazy(() => import('./AccountMenu').then((m) => ({ default: m.AccountMenu })));

const avatarPlaceholder = <Skeleton variant="circular" width={40} height={40} aria-hidden />;

export function Header({ entries }: { entries?: readonly MenuEntry[] }) {
  const { t } = useTranslation();
  const { status, user, logout } = useSession();
  const { openLogin } = useLoginDialog();
  const onHome = useLocation().pathname === '/';
  // Its height keeps a form's first error from being scrolled under it (components/error-focus.ts).
  const stickyRef = useStickyInset<HTMLElement>('top');

  return (
    <AppBar
      ref={stickyRef}
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      <Toolbar sx={{ gap: 2, minHeight: { xs: 60, md: 68 }, px: { xs: 2, md: 4 } }}>
        {/* Spec 000 §2: the logo goes home with no filters (they live in the URL) and the panel shut. */}
        <Typography
          component={RouterLink}
          to="/"
          onClick={() => filterPanel.close()}
          sx={{
            fontSize: { xs: '1.6rem', md: '1.9rem' },
            fontWeight: 800,
            letterSpacing: '-0.02em',
            color: 'primary.dark',
            textDecoration: 'none',
            lineHeight: 1,
          }}
        >
          {t('common.appName')}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {onHome ? <FilterToggle /> : null}
        {status === 'loading' ? (
          avatarPlaceholder
        ) : user ? (
          <Suspense fallback={avatarPlaceholder}>
            <AccountMenu user={user} entries={entries} onLogout={logout} />
          </Suspense>
        ) : (
          <Button variant="contained" onClick={openLogin}>
            {t('header.login')}
          </Button>
        )}
      </Toolbar>
    </AppBar>
  );
}
