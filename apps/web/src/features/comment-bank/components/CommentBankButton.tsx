import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '#icons/Close';
import LibraryBooksOutlined from '#icons/LibraryBooksOutlined';
import { useTranslation } from 'react-i18next';
import type { SavedComment } from '@fics/contracts';
import { useRecordCommentUse } from '../api';
import { CommentBankPanel } from './CommentBankPanel';

interface CommentBankButtonProps {
  /** The picked comment's text: the field inserts or appends it. */
  onPick: (text: string) => void;
  /**
   * The field's label ('Comentario sobre «Trama»'): the button's accessible name says which field it
   * fills, as a form may have several ('Mis comentarios: Comentario sobre «Trama»').
   */
  field: string;
  disabled?: boolean;
}

/**
 * 'Mis comentarios' beside a comment field (issue 20.4): open, pick, done (two clicks). A popover
 * at desktop width, a dialog on a phone; the pick is recorded so the most used rise.
 */
export function CommentBankButton({ onPick, field, disabled = false }: CommentBankButtonProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const panelId = useId();
  const titleId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const recordUse = useRecordCommentUse();
  const open = Boolean(anchor);
  const close = () => setAnchor(null);
  const pick = (comment: SavedComment) => {
    onPick(comment.text);
    recordUse.mutate(comment._id);
    close();
  };

  const title = (
    <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
      {t('commentBank.title')}
    </Typography>
  );
  const panel = <CommentBankPanel onPick={pick} />;

  return (
    <>
      <Tooltip title={t('commentBank.open')}>
        {/* A disabled button fires no events: the span keeps the tooltip working. */}
        <span>
          <IconButton
            size="small"
            onClick={(event) => setAnchor(event.currentTarget)}
            disabled={disabled}
            aria-label={t('commentBank.openFor', { field })}
            aria-haspopup="dialog"
            aria-expanded={open ? true : undefined}
            aria-controls={open ? panelId : undefined}
          >
            <LibraryBooksOutlined fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      {phone ? (
        <Dialog
          id={panelId}
          open={open}
          onClose={close}
          aria-labelledby={titleId}
          fullWidth
          maxWidth="sm"
          slotProps={{
            paper: { sx: { m: 1.5, width: 'calc(100% - 24px)', maxHeight: 'calc(100% - 24px)' } },
          }}
        >
          <DialogTitle
            sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', py: 1.5 }}
          >
            {title}
            <IconButton edge="end" onClick={close} aria-label={t('commentBank.close')}>
              <CloseIcon />
            </IconButton>
          </DialogTitle>
          <DialogContent sx={{ px: 2, pb: 2 }}>
            {/* Room for the search field's floating label (a title's content has no top padding). */}
            <Box sx={{ pt: 1 }}>{open ? panel : null}</Box>
          </DialogContent>
        </Dialog>
      ) : (
        <Popover
          id={panelId}
          open={open}
          anchorEl={anchor}
          onClose={close}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          slotProps={{
            paper: {
              role: 'dialog',
              'aria-labelledby': titleId,
              sx: { mt: 0.5, width: 420, maxWidth: 'calc(100vw - 24px)' },
            },
          }}
        >
          <Box sx={{ px: 2, pt: 1.5, pb: 2 }}>
            <Box sx={{ mb: 1 }}>{title}</Box>
            {open ? panel : null}
          </Box>
        </Popover>
      )}
    </>
  );
}
