import { useId } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { heldReasonLabels, type HeldComment } from '@fics/contracts';
import { ApprovalButtons } from './ApprovalButtons';
import { formatDate, Quote } from './Quote';

/**
 * One comment or reply waiting for approval (issue 21.5-6), in context: the fic it is on (a link to
 * its comments), the comment a reply answers, its words, who wrote it in which grade and when, and
 * why it waits (the fic's mode, or the listed words it contains); then 'Aprobar' / 'Rechazar'.
 */
export function HeldCommentCard({ item }: { item: HeldComment }) {
  const { t } = useTranslation();
  const headingId = useId();
  const reply = item.target === 'REPLY';
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 2.5 }, display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}>
        <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {reply ? t('moderation.heldReply') : t('moderation.heldComment')} · {item.writer.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {item.grade}
        </Typography>
      </Box>

      <Typography variant="body2">
        {t('moderation.onStory')}{' '}
        <Link component={RouterLink} to={`/fics/${item.storyId}#comentarios`}>
          {item.storyTitle}
        </Link>
      </Typography>
      {item.parentText !== null ? (
        <Box>
          <Typography variant="caption" color="text.secondary">
            {t('moderation.inReplyTo')}
          </Typography>
          <Quote text={item.parentText} muted />
        </Box>
      ) : null}
      <Quote text={item.text} />
      <Typography variant="body2" color="text.secondary">
        {t('moderation.heldSince', { date: formatDate(item.createdAt) })}
      </Typography>

      <Box>
        <Typography variant="caption" color="text.secondary" component="p">
          {t('moderation.heldWhy')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, alignItems: 'center' }}>
          <Chip size="small" label={heldReasonLabels[item.heldFor]} />
          {item.words.length > 0 ? (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {t('moderation.heldWords', { words: item.words.join(', ') })}
            </Typography>
          ) : null}
        </Box>
      </Box>

      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <ApprovalButtons
          held={{ target: item.target, id: item._id, commentId: item.commentId, storyId: item.storyId }}
          writerName={item.writer.name}
        />
      </Box>
    </Paper>
  );
}
