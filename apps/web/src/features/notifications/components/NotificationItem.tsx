import { memo } from 'react';
import Box from '@mui/material/Box';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { formatDistanceToNow } from 'date-fns';
import { es } from 'date-fns/locale/es';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@fics/contracts';
import { visuallyHidden } from '../../../components/visually-hidden';
import { notificationLink } from '../notification-link';

/** 'hace 3 minutos'. */
const ago = (iso: string) => formatDistanceToNow(new Date(iso), { addSuffix: true, locale: es });

interface NotificationItemProps {
  notification: Notification;
  /** Opening it: marks it read (if it is not) and, in the panel, closes the panel. */
  onOpen: (notification: Notification) => void;
}

/**
 * One notification of the bell's panel and of /notificaciones: its text and when, a dot and bold
 * while unread, and a link to what it is about.
 */
export const NotificationItem = memo(function NotificationItem({
  notification,
  onOpen,
}: NotificationItemProps) {
  const { t } = useTranslation();
  const link = notificationLink(notification);
  const unread = !notification.read;
  const body = (
    <>
      <Box
        aria-hidden
        sx={{
          flexShrink: 0,
          width: 10,
          height: 10,
          mt: 0.75,
          borderRadius: '50%',
          bgcolor: unread ? 'primary.main' : 'transparent',
        }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: unread ? 700 : 400, overflowWrap: 'anywhere' }}>
          {unread ? <Box component="span" sx={visuallyHidden}>{`${t('notifications.unread')}: `}</Box> : null}
          {notification.text}
        </Typography>
        <Typography variant="body2" color="text.secondary" component="span">
          {ago(notification.createdAt)}
        </Typography>
      </Box>
    </>
  );
  const layout = { display: 'flex', alignItems: 'flex-start', gap: 1.5, py: 1.25 };
  return (
    <ListItem disablePadding divider sx={{ bgcolor: unread ? 'action.hover' : undefined }}>
      {link ? (
        <ListItemButton component={RouterLink} to={link} onClick={() => onOpen(notification)} sx={layout}>
          {body}
        </ListItemButton>
      ) : (
        <Box sx={{ ...layout, px: 2, width: '100%' }}>{body}</Box>
      )}
    </ListItem>
  );
});
