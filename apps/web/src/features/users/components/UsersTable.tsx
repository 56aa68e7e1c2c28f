import { memo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import DeleteOutlined from '#icons/DeleteOutlined';
import EditOutlined from '#icons/EditOutlined';
import VisibilityOutlined from '#icons/VisibilityOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { gradeLabel, roleDisplayNames, type User } from '@fics/contracts';
import { EmptyState } from '../../../components/EmptyState';

interface UsersTableProps {
  users: User[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
  /** The rows on screen are another page's or search's, kept while the new ones load. */
  isUpdating?: boolean;
  /** Said when no user matches; 'Sin resultados' by default. */
  emptyMessage?: string;
  /** Offered under the empty message (a way out, such as clearing the filters). */
  emptyAction?: ReactNode;
  /** Paging controls: under the table's rows, or under the cards on phones. */
  footer?: ReactNode;
  /** Cards instead of a table; by default below 900 px, where five columns do not fit. */
  compact?: boolean;
}

/** Whether the list shows cards (phones) rather than a table at this width. */
export function useCompactUsersList(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('md'));
}

const SKELETON_ROWS = 5;

/** Spec 000 §2 User list: name, e-mail, school chips, grade chips, role, row actions. */
export function UsersTable({
  users,
  isLoading,
  isError,
  onEdit,
  onDelete,
  isUpdating = false,
  emptyMessage,
  emptyAction,
  footer,
  compact: compactProp,
}: UsersTableProps) {
  const { t } = useTranslation();
  const compactByWidth = useCompactUsersList();
  const compact = compactProp ?? compactByWidth;

  if (isError) {
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography role="alert" color="error.dark">
          {t('errors.loadFailed')}
        </Typography>
      </Paper>
    );
  }
  if (!isLoading && users?.length === 0) {
    return (
      <Paper variant="outlined">
        <EmptyState message={emptyMessage ?? t('common.emptyResults')} action={emptyAction} />
      </Paper>
    );
  }

  const rows = users ?? [];
  const busy = isLoading || isUpdating;
  // Rows of the previous page stay readable but dimmed while the next one loads.
  const staleRows = isUpdating ? { opacity: 0.6, transition: 'opacity 150ms' } : undefined;
  const progress = isUpdating ? (
    <LinearProgress aria-hidden sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
  ) : null;
  const rowProps = { onEdit, onDelete };

  if (compact) {
    return (
      <Box sx={{ position: 'relative' }}>
        {progress}
        <Stack
          component="ul"
          spacing={1.5}
          sx={{ listStyle: 'none', p: 0, m: 0, ...staleRows }}
          aria-label={t('users.title')}
          aria-busy={busy}
        >
          {isLoading
            ? Array.from({ length: 3 }, (_, index) => (
                <Paper component="li" key={index} variant="outlined" sx={{ p: 2 }}>
                  <Skeleton width="60%" />
                  <Skeleton width="80%" />
                  <Skeleton width="40%" />
                </Paper>
              ))
            : rows.map((user) => <UserCard key={user._id} user={user} {...rowProps} />)}
        </Stack>
        {footer}
      </Box>
    );
  }

  return (
    <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
      {progress}
      <TableContainer>
        <Table
          aria-label={t('users.title')}
          aria-busy={busy}
          // Slimmer cells just above the phone layout, where six columns are tight.
          sx={{ '& th, & td': { px: { md: 1.5, lg: 2 } }, ...staleRows }}
        >
          <TableHead>
            <TableRow>
              <TableCell>{t('users.name')}</TableCell>
              <TableCell>{t('users.email')}</TableCell>
              <TableCell>{t('users.schools')}</TableCell>
              <TableCell>{t('users.grades')}</TableCell>
              <TableCell>{t('users.role')}</TableCell>
              <TableCell align="right">{t('users.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {isLoading
              ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                  <TableRow key={index}>
                    {Array.from({ length: 6 }, (_, cell) => (
                      <TableCell key={cell}>
                        <Skeleton />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              : rows.map((user) => <UserTableRow key={user._id} user={user} {...rowProps} />)}
          </TableBody>
        </Table>
      </TableContainer>
      {footer}
    </Paper>
  );
}

interface UserItemProps {
  user: User;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

// Rows and cards are memoised: a page holds up to 100 of them, and paging, searching or loading
// more re-renders the list while most users on screen stay the same.
const UserTableRow = memo(function UserTableRow({ user, ...actions }: UserItemProps) {
  return (
    <TableRow hover>
      <TableCell sx={{ fontWeight: 600, minWidth: 150 }}>{user.name}</TableCell>
      <TableCell sx={{ overflowWrap: 'break-word' }}>
        <BreakableEmail email={user.email} />
      </TableCell>
      <TableCell>
        <ChipList labels={user.collegeId.map((college) => college.name)} />
      </TableCell>
      <TableCell>
        <ChipList labels={user.gradeId.map(gradeLabel)} tone="primary" />
      </TableCell>
      <TableCell>{roleDisplayNames[user.role.name]}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <RowActions user={user} {...actions} />
      </TableCell>
    </TableRow>
  );
});

const UserCard = memo(function UserCard({ user, ...actions }: UserItemProps) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{user.name}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Typography>
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {roleDisplayNames[user.role.name]}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', flexShrink: 0 }}>
          <RowActions user={user} {...actions} />
        </Box>
      </Box>
      <Memberships user={user} />
    </Paper>
  );
});

/**
 * An e-mail that may wrap before its '@' (and nowhere else unless it must): the column can then be
 * narrow enough for the table to fit from 900 px without scrolling sideways.
 */
function BreakableEmail({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at <= 0) {
    return email;
  }
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

function ChipList({ labels, tone }: { labels: string[]; tone?: 'primary' }) {
  if (labels.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        —
      </Typography>
    );
  }
  return (
    <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {labels.map((label, index) => (
        <Chip
          key={`${label}-${index}`}
          label={label}
          size="small"
          variant="outlined"
          // The brand blue is too light for text on white: grade chips use its dark shade.
          sx={tone === 'primary' ? { color: 'primary.dark', borderColor: 'primary.main' } : undefined}
        />
      ))}
    </Box>
  );
}

function Memberships({ user }: { user: User }) {
  if (user.collegeId.length === 0 && user.gradeId.length === 0) {
    return null;
  }
  return (
    <Box sx={{ mt: 1, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <ChipList labels={user.collegeId.map((college) => college.name)} />
      <ChipList labels={user.gradeId.map(gradeLabel)} tone="primary" />
    </Box>
  );
}

/** View (students only: their activity, spec 000 §2), edit, delete. */
function RowActions({
  user,
  onEdit,
  onDelete,
}: {
  user: User;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {user.role.name === 'STUDENT' ? (
        <Tooltip title={t('users.view')}>
          <IconButton
            component={RouterLink}
            to={`/usuarios/${user._id}`}
            aria-label={t('users.viewUser', { name: user.name })}
          >
            <VisibilityOutlined />
          </IconButton>
        </Tooltip>
      ) : null}
      <Tooltip title={t('users.edit')}>
        <IconButton aria-label={t('users.editUser', { name: user.name })} onClick={() => onEdit(user)}>
          <EditOutlined />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('users.delete')}>
        <IconButton
          aria-label={t('users.deleteUser', { name: user.name })}
          onClick={() => onDelete(user)}
          sx={{ color: 'error.dark' }}
        >
          <DeleteOutlined />
        </IconButton>
      </Tooltip>
    </>
  );
}
