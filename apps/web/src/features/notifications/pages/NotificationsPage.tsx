import { useCallback, useRef } from 'react';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import { useTranslation } from 'react-i18next';
import { maxPage, notificationsPaging, type Notification } from '@fics/contracts';
import { EmptyState } from '../../../components/EmptyState';
import { LoadFailedState } from '../../../components/LoadFailedState';
import {
  formatCount,
  ListTotal,
  PageControls,
  useLastPageWhenPastTheEnd,
} from '../../../components/PageControls';
import { PageLoader } from '../../../components/PageLoader';
import { PageTitle } from '../../../components/PageTitle';
import { urlParam, useUrlState } from '../../../lib/use-url-state';
import { useMarkNotificationsRead, useNotifications } from '../api';
import { NotificationItem } from '../components/NotificationItem';

/** The page in the query string (/notificaciones?page=2): reload and back keep it. */
const urlParams = { page: urlParam.int({ min: 1, max: maxPage, fallback: 1 }) };
const limit = notificationsPaging.defaultLimit;

/**
 * /notificaciones (every signed-in role, issue 19.4): the user's notifications, newest first, a page
 * at a time, polled like the bell so new ones come in without reloading. Opening one marks it read;
 * 'Marcar todas como leídas' marks them all.
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  const [url, setUrl] = useUrlState(urlParams);
  const { page } = url;
  const notifications = useNotifications({ page, limit });
  const markRead = useMarkNotificationsRead();
  const shown = notifications.data?.notifications;
  const unread = notifications.data?.unread ?? 0;

  const replacePage = useCallback((last: number) => setUrl({ page: last }, { replace: true }), [setUrl]);
  useLastPageWhenPastTheEnd(shown, { enabled: !notifications.isPlaceholderData, goTo: replacePage });

  const listTop = useRef<HTMLDivElement>(null);
  const goToPage = (next: number) => {
    setUrl({ page: next });
    listTop.current?.scrollIntoView?.({ block: 'start' });
  };
  const { mutate } = markRead;
  const open = useCallback(
    (notification: Notification) => {
      if (!notification.read) {
        mutate({ ids: [notification._id] });
      }
    },
    [mutate],
  );

  let content;
  if (notifications.isError) {
    content = <LoadFailedState onRetry={() => void notifications.refetch()} />;
  } else if (!shown) {
    content = <PageLoader />;
  } else if (shown.totalDocs === 0) {
    content = (
      <Paper variant="outlined">
        <EmptyState
          icon={<NotificationsNoneOutlined fontSize="inherit" />}
          message={t('notifications.empty')}
        />
      </Paper>
    );
  } else {
    content = (
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <List disablePadding aria-label={t('notifications.listLabel')}>
          {shown.docs.map((notification) => (
            <NotificationItem key={notification._id} notification={notification} onOpen={open} />
          ))}
        </List>
        <PageControls
          page={page}
          limit={limit}
          totalDocs={shown.totalDocs}
          onPageChange={goToPage}
          label={t('notifications.pages')}
        />
      </Paper>
    );
  }

  return (
    <>
      <PageTitle
        title={t('notifications.title')}
        actions={
          <Button
            variant="outlined"
            startIcon={<DoneAllOutlined />}
            disabled={unread === 0 || markRead.isPending}
            onClick={() => markRead.mutate({ all: true })}
          >
            {t('notifications.markAllRead')}
          </Button>
        }
      />
      <ListTotal
        ref={listTop}
        text={
          shown && shown.totalDocs > 0
            ? t('notifications.total', {
                count: shown.totalDocs,
                formatted: formatCount(shown.totalDocs),
                unread: formatCount(unread),
              })
            : null
        }
      />
      {content}
    </>
  );
}
