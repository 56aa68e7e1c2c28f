import { Component, type ErrorInfo, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import ReportProblemOutlined from '#icons/ReportProblemOutlined';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MessagePage } from './MessagePage';

function CrashMessage({ homeAction }: { homeAction: ReactNode }) {
  const { t } = useTranslation();
  return (
    <MessagePage
      icon={<ReportProblemOutlined fontSize="inherit" />}
      title={t('crash.title')}
      action={homeAction}
    />
  );
}

/** A page that failed to render (spec 000 §8: 'Ups, algo ha salido mal'), with a link home. */
function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <CrashMessage
      homeAction={
        <Button variant="contained" size="large" component={Link} to="/">
          {t('crash.goHome')}
        </Button>
      }
    />
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** What shows instead of the children once they failed. */
  fallback: ReactNode;
  /** A new value clears the failure: the route boundary's is the path, so leaving the page recovers. */
  resetKey?: string;
}

interface BoundaryState {
  failed: boolean;
  /** The resetKey the boundary last rendered with. */
  key: string | undefined;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): BoundaryState | null {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * Around the layout and around the page inside it (app/router.tsx): a page that throws shows
 * RouteErrorPage in the shell, so the header stays usable, and going to another page recovers.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary fallback={<RouteErrorPage />} resetKey={pathname}>
      {children}
    </ErrorBoundary>
  );
}

/**
 * Last-resort boundary outside the router (a failing provider): the home link is a plain page load
 * because no router is available here.
 */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary fallback={<CrashMessage homeAction={<HomeLink />} />}>{children}</ErrorBoundary>;
}

function HomeLink() {
  const { t } = useTranslation();
  return (
    <Button variant="contained" size="large" href="/">
      {t('crash.goHome')}
    </Button>
  );
}
