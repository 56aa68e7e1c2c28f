import { useCallback, useId, useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import NotificationsOutlined from '#icons/NotificationsOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@fics/contracts';
import { EmptyState } from '../../../components/EmptyState';
import { useMarkNotificationsRead, useNotifications } from '../api';
import { NotificationItem } from './NotificationItem';

/** How many the panel shows; the rest are on /notificaciones. */
const LATEST = 5;

/**
 * The header's bell (issue 19.4), for every signed-in role: the unread count on a badge, polled
 * while the tab is visible, and a panel with the latest notifications, 'Marcar todas como leídas'
 * and 'Ver todas'. Loaded lazily with the account menu, so a visitor's home page downloads none of it.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const panelId = useId();
  const titleId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const latest = useNotifications({ page: 1, limit: LATEST });
  const markRead = useMarkNotificationsRead();
  const unread = latest.data?.unread ?? 0;
  const docs = latest.data?.notifications.docs ?? [];
  const close = () => setAnchor(null);
  const { mutate } = markRead;
  const open = useCallback(
    (notification: Notification) => {
      setAnchor(null);
      if (!notification.read) {
        mutate({ ids: [notification._id] });
      }
    },
    [mutate],
  );

  return (
    <>
      <IconButton
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell')}
        aria-haspopup="dialog"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? panelId : undefined}
      >
        <Badge badgeContent={unread} color="error" max={99}>
          <NotificationsOutlined />
        </Badge>
      </IconButton>
      <Popover
        id={panelId}
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': titleId,
            sx: { mt: 1, width: 380, maxWidth: 'calc(100vw - 24px)' },
          },
        }}
      >
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1,
            px: 2,
            py: 1.25,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Typography id={titleId} variant="h3" component="h2" sx={{ fontSize: '1.1rem' }}>
            {t('notifications.title')}
          </Typography>
          <Button
            size="small"
            disabled={unread === 0 || markRead.isPending}
            onClick={() => markRead.mutate({ all: true })}
          >
            {t('notifications.markAllRead')}
          </Button>
        </Box>
        {latest.data && docs.length === 0 ? (
          <EmptyState message={t('notifications.empty')} />
        ) : (
          <List disablePadding aria-label={t('notifications.latestLabel')}>
            {docs.map((notification) => (
              <NotificationItem key={notification._id} notification={notification} onOpen={open} />
            ))}
          </List>
        )}
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 1 }}>
          <Button component={RouterLink} to="/notificaciones" onClick={close}>
            {t('notifications.seeAll')}
          </Button>
        </Box>
      </Popover>
    </>
  );
}
