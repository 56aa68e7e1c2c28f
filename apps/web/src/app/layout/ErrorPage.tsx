import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import { Link, useRouteError } from 'react-router';
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

/** The router's errorElement: a page that failed to render (spec 000 §8: 'Ups, algo ha salido mal'). */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    console.error(error);
  }, [error]);
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

/**
 * Last-resort boundary outside the router (a failing provider): the home link is a plain page load
 * because no router is available here.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) {
      return this.props.children;
    }
    return <CrashMessage homeAction={<HomeLink />} />;
  }
}

function HomeLink() {
  const { t } = useTranslation();
  return (
    <Button variant="contained" size="large" href="/">
      {t('crash.goHome')}
    </Button>
  );
}
