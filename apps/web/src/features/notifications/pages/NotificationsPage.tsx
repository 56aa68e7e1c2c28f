import { useCallback } from 'react';
import Button from '@mui/material/Button';
import DoneAllOutlined from '#icons/DoneAllOutlined';
import NotificationsNoneOutlined from '#icons/NotificationsNoneOutlined';
import { useTranslation } from 'react-i18next';
import { maxPage, notificationsPaging, type Notification } from '@fics/contracts';
import { formatCount } from '../../../components/PageControls';
import { PagedList } from '../../../components/PagedList';
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

  const goToPage = useCallback(
    (next: number, options?: { replace?: boolean }) => setUrl({ page: next }, options),
    [setUrl],
  );
  const { mutate } = markRead;
  const open = useCallback(
    (notification: Notification) => {
      if (!notification.read) {
        mutate({ ids: [notification._id] });
      }
    },
    [mutate],
  );

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
      <PagedList
        variant="rows"
        data={shown}
        isError={notifications.isError}
        isPlaceholderData={notifications.isPlaceholderData}
        onRetry={() => void notifications.refetch()}
        page={page}
        limit={limit}
        onPageChange={goToPage}
        totalText={(count) =>
          t('notifications.total', { count, formatted: formatCount(count), unread: formatCount(unread) })
        }
        empty={{ icon: <NotificationsNoneOutlined fontSize="inherit" />, message: t('notifications.empty') }}
        listLabel={t('notifications.listLabel')}
        pagesLabel={t('notifications.pages')}
        renderItem={(notification) => <NotificationItem notification={notification} onOpen={open} />}
      />
    </>
  );
}
