import { Suspense } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { Outlet } from 'react-router';
import { LoginDialogProvider, useSessionSync } from '../../features/auth';
import { PageLoader } from '../../components/PageLoader';
import { Header } from './Header';
import { ScrollToTop } from './ScrollToTop';

/** The application shell (spec 001 §2): header, the current page, scroll-to-top, session sync. */
export function AppLayout() {
  useSessionSync();
  return (
    <LoginDialogProvider>
      <ScrollToTop />
      <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
        <Header />
        <Container component="main" maxWidth="lg" sx={{ flexGrow: 1, py: { xs: 3, md: 5 } }}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Container>
      </Box>
    </LoginDialogProvider>
  );
}
