import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '#icons/DeleteOutlined';
import CheckCircleOutlined from '#icons/CheckCircleOutlined';
import { Link as RouterLink } from 'react-router';
import { formatDate, Quote } from './Quote';
import { useTranslation } from 'react-i18next';
import {
  moderationDecisionLabels,
  moderationMessages,
  moderationStatusLabels,
  reportReasonLabels,
  reportTargetLabels,
  type ModerationDecision,
  type ReportCase,
} from '@fics/contracts';

const statusColor = { OPEN: 'warning', KEPT: 'success', REMOVED: 'error' } as const;

/**
 * One case of the queue (issue 21.3): what was reported in context (the fic it is on, the comment a
 * reply answers), who wrote it, the reasons with their counts, how many reported it (never who), and
 * either 'Mantener' / 'Eliminar' or the decision taken, by whom and when.
 */
export function ReportCaseCard({
  report,
  onDecide,
}: {
  report: ReportCase;
  onDecide: (report: ReportCase, decision: ModerationDecision) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const { item, decision } = report;
  const author = item.author
    ? item.grade
      ? t('moderation.writtenByIn', { name: item.author.name, grade: item.grade })
      : t('moderation.writtenBy', { name: item.author.name })
    : null;

  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 2.5 }, display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 700, mr: 'auto' }}>
          {reportTargetLabels[item.target]}
          {item.storyTitle ? ` · ${item.storyTitle}` : ''}
        </Typography>
        {item.hidden && report.status === 'OPEN' ? (
          <Chip size="small" variant="outlined" label={t('moderation.hiddenNow')} />
        ) : null}
        <Chip size="small" color={statusColor[report.status]} label={moderationStatusLabels[report.status]} />
      </Box>

      <Typography variant="body2" color="text.secondary">
        {t('moderation.reportedBy', { count: report.reportsCount })} ·{' '}
        {t('moderation.lastReport', { date: formatDate(report.lastReportedAt) })}
      </Typography>

      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {item.target !== 'STORY' && item.storyId && item.storyTitle ? (
          <Typography variant="body2">
            {t('moderation.onStory')}{' '}
            <Link component={RouterLink} to={`/fics/${item.storyId}#comentarios`}>
              {item.storyTitle}
            </Link>
          </Typography>
        ) : null}
        {item.target === 'STORY' && item.storyId && item.exists ? (
          <Typography variant="body2">
            <Link component={RouterLink} to={`/fics/${item.storyId}`}>
              {t('moderation.openStory')}
            </Link>
          </Typography>
        ) : null}
        {item.parentText ? (
          <Box>
            <Typography variant="caption" color="text.secondary">
              {t('moderation.inReplyTo')}
            </Typography>
            <Quote text={item.parentText} muted />
          </Box>
        ) : null}
        <Quote text={item.text} />
        {!item.exists ? (
          <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
            {moderationMessages.itemGone}
          </Typography>
        ) : null}
        {author ? (
          <Typography variant="body2" color="text.secondary">
            {author}
          </Typography>
        ) : null}
      </Box>

      <Box>
        <Typography variant="caption" color="text.secondary" component="p">
          {t('moderation.reasonsLabel')}
        </Typography>
        <Box
          component="ul"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 0.75 }}
        >
          {report.reasons.map(({ reason, count }) => (
            <li key={reason}>
              <Chip
                size="small"
                label={t('moderation.reasonCount', { reason: reportReasonLabels[reason], count })}
              />
            </li>
          ))}
        </Box>
      </Box>

      {report.details.length > 0 ? (
        <Box>
          <Typography variant="caption" color="text.secondary" component="p">
            {t('moderation.detailsLabel')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {report.details.map((detail, index) => (
              <Typography component="li" variant="body2" key={index} sx={{ overflowWrap: 'anywhere' }}>
                {detail}
              </Typography>
            ))}
          </Box>
        </Box>
      ) : null}

      {decision ? (
        <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
          <Typography variant="body2">
            {t('moderation.decidedBy', {
              decision: moderationStatusLabels[decision.decision === 'KEEP' ? 'KEPT' : 'REMOVED'],
              name: decision.decidedBy.name,
              date: formatDate(decision.decidedAt),
            })}
          </Typography>
          {decision.note ? (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {t('moderation.noteLabel')}: {decision.note}
            </Typography>
          ) : null}
        </Box>
      ) : report.status === 'OPEN' ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
          <Button
            variant="outlined"
            startIcon={<CheckCircleOutlined />}
            onClick={() => onDecide(report, 'KEEP')}
          >
            {moderationDecisionLabels.KEEP}
          </Button>
          <Button
            variant="contained"
            color="error"
            startIcon={<DeleteOutlined />}
            onClick={() => onDecide(report, 'REMOVE')}
          >
            {moderationDecisionLabels.REMOVE}
          </Button>
        </Box>
      ) : null}
    </Paper>
  );
}
