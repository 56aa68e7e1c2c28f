import { Fragment, useId, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { RevisionSummary, Story } from '@fics/contracts';
import { LoadFailedState } from '../../../components/LoadFailedState';
import { formatCount } from '../../../components/PageControls';
import { visuallyHidden } from '../../../components/visually-hidden';
import { useStoryRevision, useStoryRevisions } from '../revisions-api';
import { revisionPlainText, wordDiff, type DiffPart } from './revision-diff';
import { formatStoryDate } from './story-date';

// Dark text on light tints: both above 7:1 (WCAG AAA), and each change also says what it is in
// words (for screen readers) and in form (underlined, struck through), never by colour alone.
const ADDED = { bgcolor: '#d8f3dc', color: '#0b3d1a', textDecoration: 'underline' } as const;
const REMOVED = { bgcolor: '#fde0de', color: '#7a1610', textDecoration: 'line-through' } as const;

/** The changes as text: <ins>/<del>, each with its kind spoken first. */
function DiffText({ parts }: { parts: DiffPart[] }) {
  const { t } = useTranslation();
  return (
    <>
      {parts.map((part, index) =>
        part.kind === 'same' ? (
          <span key={index}>{part.text}</span>
        ) : part.kind === 'added' ? (
          <Box component="ins" key={index} sx={ADDED}>
            <Box component="span" sx={visuallyHidden}>
              {t('revisions.addedPrefix')}
            </Box>
            {part.text}
          </Box>
        ) : (
          <Fragment key={index}>
            <Box component="del" sx={REMOVED}>
              <Box component="span" sx={visuallyHidden}>
                {t('revisions.removedPrefix')}
              </Box>
              {part.text}
            </Box>
            {/* A word replaced by another: a space between them, on screen and read aloud. */}
            {parts[index + 1]?.kind === 'added' && !/\s$/.test(part.text) ? ' ' : null}
          </Fragment>
        ),
      )}
    </>
  );
}

interface RevisionsDialogProps {
  story: Story;
  open: boolean;
  onClose: () => void;
}

/**
 * 'Cambios' (issue 20.3): two rounds of the fic (the last two unless chosen otherwise) and the
 * words added and removed from one to the other, in the title and in the text.
 */
export default function RevisionsDialog({ story, open, onClose }: RevisionsDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const list = useStoryRevisions(story._id);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('revisions.title')}</DialogTitle>
      <DialogContent dividers>
        {list.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label={t('revisions.title')} />
          </Box>
        ) : list.isError ? (
          <LoadFailedState onRetry={() => void list.refetch()} framed={false} />
        ) : (
          <Comparison storyId={story._id} rounds={list.data} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('revisions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function Comparison({ storyId, rounds }: { storyId: string; rounds: RevisionSummary[] }) {
  const { t } = useTranslation();
  const last = rounds.at(-1)?.round ?? null;
  const [from, setFrom] = useState<number | null>(rounds.at(-2)?.round ?? last);
  const [to, setTo] = useState<number | null>(last);
  const before = useStoryRevision(storyId, from);
  const after = useStoryRevision(storyId, to);

  const changes = useMemo(() => {
    if (!before.data || !after.data) {
      return null;
    }
    return {
      title: wordDiff(before.data.title, after.data.title),
      text: wordDiff(revisionPlainText(before.data.text), revisionPlainText(after.data.text)),
    };
  }, [before.data, after.data]);

  const label = (round: RevisionSummary) =>
    t('revisions.option', {
      round: round.round,
      date: formatStoryDate(round.sentAt),
      words: t('stories.words', { count: round.words, formatted: formatCount(round.words) }),
    });
  const select = (which: 'from' | 'to') => (
    <TextField
      select
      label={t(which === 'from' ? 'revisions.from' : 'revisions.to')}
      value={(which === 'from' ? from : to) ?? ''}
      onChange={(event) => (which === 'from' ? setFrom : setTo)(Number(event.target.value))}
      sx={{ flex: '1 1 240px' }}
    >
      {rounds.map((round) => (
        <MenuItem key={round.round} value={round.round}>
          {label(round)}
        </MenuItem>
      ))}
    </TextField>
  );
  const unchanged = changes !== null && [...changes.title, ...changes.text].every((p) => p.kind === 'same');

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        {select('from')}
        {select('to')}
      </Box>
      <Box
        component="dl"
        aria-label={t('revisions.legend')}
        sx={{ display: 'flex', gap: 2, m: 0, alignItems: 'center', flexWrap: 'wrap' }}
      >
        <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
          {t('revisions.legend')}:
        </Typography>
        <Box component="dd" sx={{ m: 0, px: 0.5, ...ADDED }}>
          {t('revisions.added')}
        </Box>
        <Box component="dd" sx={{ m: 0, px: 0.5, ...REMOVED }}>
          {t('revisions.removed')}
        </Box>
      </Box>
      {before.isError || after.isError ? (
        <LoadFailedState
          onRetry={() => void (before.isError ? before.refetch() : after.refetch())}
          framed={false}
        />
      ) : changes === null ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={t('revisions.title')} />
        </Box>
      ) : (
        <>
          {from === to ? <Alert severity="info">{t('revisions.sameRound')}</Alert> : null}
          {from !== to && unchanged ? <Alert severity="info">{t('revisions.noChanges')}</Alert> : null}
          <Box>
            <Typography variant="overline" component="h3">
              {t('revisions.titleLabel')}
            </Typography>
            <Typography sx={{ fontWeight: 600 }}>
              <DiffText parts={changes.title} />
            </Typography>
          </Box>
          <Box>
            <Typography variant="overline" component="h3">
              {t('revisions.textLabel')}
            </Typography>
            <Typography component="div" sx={{ whiteSpace: 'pre-wrap', lineHeight: 1.8 }}>
              <DiffText parts={changes.text} />
            </Typography>
          </Box>
        </>
      )}
    </Box>
  );
}
