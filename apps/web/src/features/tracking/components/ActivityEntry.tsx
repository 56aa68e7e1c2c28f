import { memo, type ReactElement } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import AutoStoriesOutlined from '#icons/AutoStoriesOutlined';
import BlockOutlined from '#icons/BlockOutlined';
import CheckCircleOutlined from '#icons/CheckCircleOutlined';
import CommentsDisabledOutlined from '#icons/CommentsDisabledOutlined';
import FlagOutlined from '#icons/FlagOutlined';
import GppMaybeOutlined from '#icons/GppMaybeOutlined';
import HighlightOffOutlined from '#icons/HighlightOffOutlined';
import HourglassEmptyOutlined from '#icons/HourglassEmptyOutlined';
import LockOpenOutlined from '#icons/LockOpenOutlined';
import RemoveCircleOutlined from '#icons/RemoveCircleOutlined';
import VisibilityOffOutlined from '#icons/VisibilityOffOutlined';
import ChatBubbleOutline from '#icons/ChatBubbleOutlineOutlined';
import DeleteOutline from '#icons/DeleteOutlined';
import EditOutlined from '#icons/EditOutlined';
import FavoriteBorder from '#icons/FavoriteBorder';
import HeartBrokenOutlined from '#icons/HeartBrokenOutlined';
import LoginOutlined from '#icons/LoginOutlined';
import LogoutOutlined from '#icons/LogoutOutlined';
import NoteAddOutlined from '#icons/NoteAddOutlined';
import PersonOutline from '#icons/PersonOutlined';
import ReplyOutlined from '#icons/ReplyOutlined';
import SendOutlined from '#icons/SendOutlined';
import TimerOutlined from '#icons/TimerOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  moderationLineLabel,
  moderationReasonsText,
  trackingLabels,
  type TrackingEventKey,
  type TrackingRecord,
} from '@fics/contracts';
import {
  deletedSince,
  eventText,
  excerpt,
  formatActivityDate,
  htmlToPlainText,
  writingTimeParts,
} from '../activity-text';

/** An icon per kind of event; what is not listed falls back to its resource's. */
const eventIcons: Partial<Record<TrackingEventKey, ReactElement>> = {
  'AUTH.LOGIN': <LoginOutlined />,
  'AUTH.LOGOUT': <LogoutOutlined />,
  'STORIES.CREATE': <NoteAddOutlined />,
  'STORIES.SEND': <SendOutlined />,
  'STORIES.DELETE': <DeleteOutline />,
  'STORIES.READ': <AutoStoriesOutlined />,
  'STORIES.LIKE': <FavoriteBorder />,
  'STORIES.UNLIKE': <HeartBrokenOutlined />,
  'STORIES.UPDATE': <EditOutlined />,
  'REPLIES.CREATE': <ReplyOutlined />,
  'MODERATION.REPORT': <FlagOutlined />,
  'MODERATION.BLOCK': <BlockOutlined />,
  'MODERATION.UNBLOCK': <LockOpenOutlined />,
  'MODERATION.CONTENT_HIDDEN': <VisibilityOffOutlined />,
  'MODERATION.CONTENT_KEPT': <CheckCircleOutlined />,
  'MODERATION.CONTENT_REMOVED': <RemoveCircleOutlined />,
  'MODERATION.CONTENT_HELD': <HourglassEmptyOutlined />,
  'MODERATION.CONTENT_APPROVED': <CheckCircleOutlined />,
  'MODERATION.CONTENT_REJECTED': <HighlightOffOutlined />,
  'MODERATION.COMMENTS_CLOSED': <CommentsDisabledOutlined />,
  'MODERATION.COMMENTS_MODERATED': <HourglassEmptyOutlined />,
  'MODERATION.COMMENTS_OPENED': <ChatBubbleOutline />,
};
const resourceIcons: Record<TrackingRecord['resource'], ReactElement> = {
  AUTH: <LoginOutlined />,
  STORIES: <AutoStoriesOutlined />,
  PROFILE: <PersonOutline />,
  COMMENTS: <ChatBubbleOutline />,
  REPLIES: <ReplyOutlined />,
  MODERATION: <GppMaybeOutlined />,
};

function eventKey(record: TrackingRecord): string {
  return `${record.resource}.${record.action}`;
}

/** The contract's label for the event; an action this client does not know yet still reads sensibly. */
export function activityLabel(record: TrackingRecord): string {
  // A moderation line says what kind of item it was about ('Reportó un comentario').
  const moderation = record.moderation ? moderationLineLabel(record.action, record.moderation.target) : null;
  return (
    moderation ??
    trackingLabels[eventKey(record) as TrackingEventKey] ??
    `${record.resource} ${record.action}`
  );
}

/** A removal or a deletion is drawn in the error colour. */
const isRemoval = (record: TrackingRecord) =>
  record.action.includes('DELETE') ||
  record.action === 'CONTENT_REMOVED' ||
  record.action === 'CONTENT_REJECTED';

/**
 * One event of 'Actividad Reciente' (spec 001 §2): what the student did, on which fic (a link while
 * the fic exists), the comment or reply text as plain text, when, and the writing time it added.
 */
export const ActivityEntry = memo(function ActivityEntry({ record }: { record: TrackingRecord }) {
  const { t } = useTranslation();
  const icon = eventIcons[eventKey(record) as TrackingEventKey] ?? resourceIcons[record.resource];
  const text = eventText(record);
  // 'Comentó una fic (comentario eliminado)': the line says its comment or reply is gone.
  const gone = deletedSince(record);
  const label = gone
    ? t(gone === 'comment' ? 'tracking.commentDeleted' : 'tracking.replyDeleted', {
        label: activityLabel(record),
      })
    : activityLabel(record);
  const plain = text ? excerpt(htmlToPlainText(text.text)) : '';
  const writing = record.writingTime && record.writingTime > 0 ? writingTime(record.writingTime) : null;
  // A report's reason, a removal's reasons ('Motivo: Acoso o bullying'); never whose item it was.
  const reasons = record.moderation ? moderationReasonsText(record.moderation.reasons) : null;
  const blockLine = record.resource === 'MODERATION' && record.moderation?.target === null;

  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        gap: { xs: 1.5, sm: 2 },
        px: { xs: 2, sm: 3 },
        py: 2,
        '& + &': { borderTop: 1, borderColor: 'divider' },
      }}
    >
      <Avatar
        aria-hidden
        sx={{
          width: 40,
          height: 40,
          bgcolor: isRemoval(record) ? 'error.light' : 'primary.light',
          color: isRemoval(record) ? 'error.dark' : 'primary.dark',
          opacity: 0.9,
        }}
      >
        {icon}
      </Avatar>
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>
          {label}
          {record.storyTitle ? (
            <>
              {': '}
              <StoryTitle
                storyId={record.storyId}
                title={record.storyTitle}
                // The event itself says the fic is gone.
                markDeleted={eventKey(record) !== 'STORIES.DELETE'}
              />
            </>
          ) : null}
          {blockLine ? (
            <Box component="span" sx={{ fontWeight: 400, overflowWrap: 'anywhere' }}>
              {': '}
              {record.moderation?.person?.name ?? t('tracking.personGone')}
            </Box>
          ) : null}
        </Typography>
        {reasons ? (
          <Typography variant="body2" sx={{ mt: 0.5, color: 'text.secondary' }}>
            {reasons}
          </Typography>
        ) : null}
        {plain ? (
          <Typography
            variant="body2"
            component="blockquote"
            aria-label={t(text?.kind === 'reply' ? 'tracking.reply' : 'tracking.comment')}
            sx={{
              m: 0,
              mt: 0.75,
              pl: 1.5,
              borderLeft: 3,
              borderColor: 'divider',
              color: 'text.secondary',
              fontStyle: 'italic',
              overflowWrap: 'anywhere',
            }}
          >
            {plain}
          </Typography>
        ) : null}
        <Box
          sx={{
            mt: 0.75,
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            columnGap: 2,
            rowGap: 0.5,
            color: 'text.secondary',
          }}
        >
          <Typography variant="body2" component="time" dateTime={record.date}>
            {formatActivityDate(record.date)}
          </Typography>
          {writing ? (
            <Typography variant="body2" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
              <TimerOutlined aria-hidden sx={{ fontSize: 18 }} />
              {t('tracking.writingTime', { time: writing })}
            </Typography>
          ) : null}
        </Box>
      </Box>
    </Box>
  );

  function writingTime(seconds: number): string {
    const parts = writingTimeParts(seconds);
    if (parts.unit === 'seconds') {
      return t('tracking.seconds', { count: parts.count });
    }
    if (parts.unit === 'minutes') {
      return t('tracking.minutes', { count: parts.count });
    }
    return parts.minutes > 0
      ? t('tracking.hoursMinutes', { hours: parts.hours, minutes: parts.minutes })
      : t('tracking.hours', { hours: parts.hours });
  }
});

/** The fic's title as it was then: a link to it while it exists, plain once deleted. */
function StoryTitle({
  storyId,
  title,
  markDeleted,
}: {
  storyId: string | null;
  title: string;
  markDeleted: boolean;
}) {
  const { t } = useTranslation();
  if (!storyId) {
    return (
      <Box component="span" sx={{ fontWeight: 400, overflowWrap: 'anywhere' }}>
        {markDeleted ? t('tracking.storyDeleted', { title }) : title}
      </Box>
    );
  }
  return (
    <Link component={RouterLink} to={`/fics/${storyId}`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
      {title}
    </Link>
  );
}
