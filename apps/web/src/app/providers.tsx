import { useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { setSessionExpiredHandler } from '../lib/api-client';
import { queryClient as appQueryClient } from '../lib/query-client';
import { ToastProvider } from '../components/toast';
import { AppErrorBoundary } from './layout/ErrorPage';
import { AppHistoryRouter, createAppHistory } from '../lib/navigation';
import { AppRoutes } from './router';
import { appTheme } from './theme';

/** Everything a screen needs except the router: tests wrap screens in this plus a memory router. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <ThemeProvider theme={appTheme()}>
      <CssBaseline />
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient ?? appQueryClient}>
          <ToastProvider>{children}</ToastProvider>
        </QueryClientProvider>
      </AppErrorBoundary>
    </ThemeProvider>
  );
}

export function App() {
  const [history] = useState(() => {
    const created = createAppHistory();
    // An expired session sends the user home without reloading the app (spec 000 §7).
    setSessionExpiredHandler(() => created.replace('/'));
    return created;
  });
  return (
    <AppProviders>
      <AppHistoryRouter history={history}>
        <AppRoutes />
      </AppHistoryRouter>
    </AppProviders>
  );
}
