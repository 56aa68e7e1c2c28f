import { lazy, Suspense, useId, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import LogoutIcon from '#icons/Logout';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { User } from '@fics/contracts';
import { useRequestBadges } from '../../features/requests';
import { visuallyHidden } from '../../components/visually-hidden';
import { menuFor, type MenuEntry } from '../menu';
import { capitalise, initials } from '../../lib/user-display';
import { pendingUnsavedWork, type OpenWork } from '../../lib/unsaved-work-registry';
import { withAllTexts } from '../../lib/i18n';
import { LogoutDialog } from './LogoutDialog';

// The bell and its texts load with the signed-in header only (a visitor's home page gets none of it).
const NotificationBell = lazy(() =>
  withAllTexts(() => import('../../features/notifications')).then((m) => ({ default: m.NotificationBell })),
);
const bellPlaceholder = <Box aria-hidden sx={{ width: 40, height: 40 }} />;

/*
 * The signed-in user's avatar button and menu. Loaded lazily by the header (Menu, Popover, Modal
 * and focus trapping are about 12 kB gzip a visitor's home page never needs).
 */

/** A student's school and grade lines, e.g. ['Colegio Los Andes', 'Quinto Básico A']. */
export function studentPlacement(user: User): string[] {
  const college = user.collegeId[0];
  const grade = user.gradeId[0];
  return [college?.name, grade ? `${grade.level} ${grade.cicle} ${grade.name}` : undefined].filter(
    (line): line is string => Boolean(line),
  );
}

function UserAvatar({ user, size }: { user: User; size: number }) {
  return (
    <Avatar
      src={user.profilePicture?.url}
      alt=""
      sx={{ width: size, height: size, bgcolor: 'primary.dark', color: '#fff', fontSize: size * 0.4 }}
    >
      {initials(user.name)}
    </Avatar>
  );
}

export function AccountMenu({
  user,
  entries,
  onLogout,
}: {
  user: User;
  entries?: readonly MenuEntry[];
  onLogout: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [leaving, setLeaving] = useState(false);
  // Work open in an editor that 'Cerrar sesión' asks about first (issue 18.1).
  const [asking, setAsking] = useState<OpenWork | null>(null);
  const links = menuFor(user.role.name, entries);
  // Spec 000 §2 Header, §4: a dot on the request entries while their pending lists are not empty,
  // read at login and after every answer (the same queries as /cambios and /registros).
  const badges = useRequestBadges(user.role.name === 'ADMIN');
  const dotted = (label: MenuEntry['label']) =>
    (label === 'changeRequests' && badges.changeRequests) ||
    (label === 'registerRequests' && badges.registerRequests);
  const placement = user.role.name === 'STUDENT' ? studentPlacement(user) : [];
  const close = () => setAnchor(null);
  const logout = () => {
    setLeaving(true);
    void onLogout().finally(() => setLeaving(false));
  };

  return (
    <>
      <Suspense fallback={bellPlaceholder}>
        <NotificationBell />
      </Suspense>
      <IconButton
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={t('header.accountMenu')}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? menuId : undefined}
        sx={{ p: 0.5 }}
      >
        <Badge
          variant="dot"
          color="error"
          invisible={!badges.changeRequests && !badges.registerRequests}
          overlap="circular"
        >
          <UserAvatar user={user} size={40} />
        </Badge>
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { mt: 1, width: 300, maxWidth: 'calc(100vw - 24px)' } } }}
      >
        <Box
          component="li"
          role="presentation"
          sx={{ display: 'flex', gap: 1.5, alignItems: 'center', px: 2, py: 1.5 }}
        >
          <UserAvatar user={user} size={48} />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 700 }} noWrap>
              {user.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {capitalise(user.role.displayName)}
            </Typography>
            {placement.map((line) => (
              <Typography key={line} variant="body2" color="text.secondary">
                {line}
              </Typography>
            ))}
          </Box>
        </Box>
        <Divider component="li" sx={{ mb: 0.5 }} />
        {links.map((entry) => (
          <MenuItem key={entry.path} component={RouterLink} to={entry.path} onClick={close}>
            {/* Long labels wrap, so the dot after them stays inside the menu. */}
            <Box component="span" sx={{ flex: '1 1 auto', minWidth: 0, whiteSpace: 'normal' }}>
              {t(`menu.${entry.label}`)}
            </Box>
            {dotted(entry.label) ? (
              <Box
                component="span"
                sx={{
                  ml: 1.5,
                  width: 8,
                  height: 8,
                  borderRadius: '50%',
                  bgcolor: 'error.main',
                  flexShrink: 0,
                }}
              >
                <Box component="span" sx={visuallyHidden}>
                  {t('requestsAdmin.pendingDot')}
                </Box>
              </Box>
            ) : null}
          </MenuItem>
        ))}
        {links.length > 0 ? <Divider component="li" /> : null}
        <MenuItem
          disabled={leaving}
          onClick={() => {
            close();
            const work = pendingUnsavedWork();
            if (work) {
              setAsking(work);
            } else {
              logout();
            }
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('header.logout')}
        </MenuItem>
      </Menu>
      <LogoutDialog work={asking} onClose={() => setAsking(null)} onLogout={logout} />
    </>
  );
}
