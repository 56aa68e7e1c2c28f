import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import BookmarkAddOutlined from '#icons/BookmarkAddOutlined';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useSaveComment } from '../api';

/**
 * 'Guardar en Mis comentarios' beside a comment field (issue 20.4): saves its current text. The
 * same text saved again is not duplicated; the server's words say which happened. `field` is the
 * field's label: the accessible name says which field's text it saves.
 */
export function SaveCommentButton({ text, field }: { text: string; field: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveComment();
  const empty = text.trim() === '';
  const pending = save.isPending;
  const onClick = () => {
    // A second click while the first is saving sends nothing more.
    if (pending) {
      return;
    }
    save.mutate(text.trim(), {
      onSuccess: (body) => toast.success(body.message),
      onError: (error) => {
        if (!isApiError(error)) {
          toast.error(t('errors.generic'));
          return;
        }
        // Too long, or the bank is full: the server's message names the limit.
        toast.error(error.errors?.text ?? error.message);
      },
    });
  };
  return (
    <Tooltip title={t('commentBank.save')}>
      <span>
        {/* Not `disabled` while saving: a disabled button loses the keyboard focus, which fell to the
            page's <body> and left a keyboard user at its top. aria-disabled says it is busy instead. */}
        <IconButton
          size="small"
          onClick={onClick}
          disabled={empty}
          aria-disabled={pending || undefined}
          aria-label={t('commentBank.saveFor', { field })}
        >
          <BookmarkAddOutlined fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}
