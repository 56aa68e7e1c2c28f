import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import BlockOutlined from '#icons/BlockOutlined';
import { useTranslation } from 'react-i18next';
import { blocksPaging, type BlockedUser } from '@fics/contracts';
import { EmptyState } from '../../../components/EmptyState';
import { LoadFailedState } from '../../../components/LoadFailedState';
import { PageControls } from '../../../components/PageControls';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { initials } from '../../../lib/user-display';
import { formatStoryDate } from '../../stories';
import { useBlocks, useUnblockUser } from '../blocks-api';

/** 'Usuarios bloqueados' on /perfil (a student's): the people they blocked, newest first, paged. */
export function BlockedUsers() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const blocks = useBlocks(page);

  if (blocks.isPending) {
    return (
      <Box role="status" aria-label={t('common.loading')}>
        <Skeleton variant="text" width="60%" />
        <Skeleton variant="text" width="40%" />
      </Box>
    );
  }
  if (blocks.isError) {
    return <LoadFailedState framed={false} onRetry={() => void blocks.refetch()} />;
  }
  const { docs, totalDocs } = blocks.data;
  // The last one of a later page unblocked: show the page before.
  if (docs.length === 0 && page > 1) {
    setPage(page - 1);
    return null;
  }
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('blocks.hint')}
      </Typography>
      {docs.length === 0 ? (
        <EmptyState message={t('blocks.empty')} icon={<BlockOutlined fontSize="inherit" />} />
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {docs.map((block) => (
            <BlockedUserRow key={block.user._id} block={block} />
          ))}
        </Box>
      )}
      {totalDocs > blocksPaging.defaultLimit ? (
        <PageControls
          page={page}
          limit={blocksPaging.defaultLimit}
          totalDocs={totalDocs}
          onPageChange={setPage}
          label={t('blocks.pages')}
        />
      ) : null}
    </>
  );
}

function BlockedUserRow({ block }: { block: BlockedUser }) {
  const { t } = useTranslation();
  const toast = useToast();
  const unblock = useUnblockUser();
  const { user } = block;
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        py: 1.25,
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0, pt: 0 },
      }}
    >
      <Avatar
        src={user.profilePicture?.url}
        alt=""
        sx={{ width: 40, height: 40, fontSize: 16, bgcolor: 'primary.dark', color: '#fff' }}
      >
        {initials(user.name)}
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{user.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('blocks.since', { date: formatStoryDate(block.createdAt) })}
        </Typography>
      </Box>
      <Button
        variant="outlined"
        size="small"
        aria-label={t('blocks.unblockLabel', { name: user.name })}
        disabled={unblock.isPending}
        onClick={() =>
          unblock.mutate(user._id, {
            onSuccess: (answer) => toast.success(answer.message),
            onError: (error) =>
              toast.error(
                isApiError(error) && error.status < 500 ? error.message : t('blocks.unblockFailed'),
              ),
          })
        }
        sx={{ flexShrink: 0 }}
      >
        {t('blocks.unblock')}
      </Button>
    </Box>
  );
}
