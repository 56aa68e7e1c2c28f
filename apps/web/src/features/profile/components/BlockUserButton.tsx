import { useState } from 'react';
import Button from '@mui/material/Button';
import BlockOutlined from '#icons/BlockOutlined';
import { useTranslation } from 'react-i18next';
import type { CommentAuthor } from '@fics/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useBlockUser } from '../blocks-api';

/**
 * 'Bloquear' on a comment or reply by another student (shown where useCanBlock says so): a
 * confirmation that says what blocking does, then POST /blocks; the comment lists reload without
 * the blocked person's comments.
 */
export function BlockUserButton({ author }: { author: CommentAuthor }) {
  const { t } = useTranslation();
  const toast = useToast();
  const block = useBlockUser();
  const [confirming, setConfirming] = useState(false);
  const name = author.name;

  const confirm = () => {
    block.mutate(author._id!, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) =>
        toast.error(isApiError(error) && error.status < 500 ? error.message : t('blocks.failed')),
      onSettled: () => setConfirming(false),
    });
  };

  return (
    <>
      <Button
        size="small"
        startIcon={<BlockOutlined />}
        aria-label={t('blocks.blockComment', { name })}
        onClick={() => setConfirming(true)}
        sx={{ color: 'text.secondary' }}
      >
        {t('blocks.block')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('blocks.confirmTitle', { name })}
        message={t('blocks.confirmMessage', { name })}
        confirmLabel={t('blocks.confirm')}
        pending={block.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={confirm}
      />
    </>
  );
}
