import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import PersonOutlined from '#icons/PersonOutlined';
import { useTranslation } from 'react-i18next';
import { storyMessages, type CommentAuthor as Author } from '@fics/contracts';
import { capitalise, initials } from '../../../lib/user-display';
import { formatStoryDate } from '../../stories';

interface CommentAuthorProps {
  author: Author;
  createdAt: string;
  wasEdited: boolean;
  /** Replies are drawn a little smaller. */
  small?: boolean;
  nameId?: string;
}

/**
 * Who wrote it and when (spec 001 §2): photo (or initials), name, role, date in Spanish and
 * '(editado)'. To a visitor the API already sends a student as 'Sofía E.' without a photo. The fic's
 * author carries an 'Autor/a' badge; behind anonymity or a pseudonym the API sends them, to whoever
 * may not know them, as the fic shows them (no id, no photo): the pseudonym with the badge, or for
 * an anonymous fic the badge alone as the name.
 */
export function CommentAuthorLine({
  author,
  createdAt,
  wasEdited,
  small = false,
  nameId,
}: CommentAuthorProps) {
  const { t } = useTranslation();
  const size = small ? 32 : 40;
  const masked = author._id === null;
  const nameIsBadge = masked && author.name === storyMessages.storyAuthor;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
      <Avatar
        src={author.profilePicture?.url}
        alt=""
        sx={{ width: size, height: size, fontSize: size * 0.4, bgcolor: 'primary.dark', color: '#fff' }}
      >
        {masked ? <PersonOutlined fontSize="small" /> : initials(author.name)}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
          {nameIsBadge ? null : (
            <Typography id={nameId} component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {author.name}
            </Typography>
          )}
          {author.isStoryAuthor ? (
            <Chip
              id={nameIsBadge ? nameId : undefined}
              label={storyMessages.storyAuthor}
              size="small"
              variant="outlined"
              // The brand blue is too light for text on white (theme.ts): its dark shade.
              sx={{ color: 'primary.dark', borderColor: 'primary.dark', fontWeight: 600, height: 22 }}
            />
          ) : null}
          {masked ? null : (
            <Typography component="span" variant="body2" color="text.secondary">
              {capitalise(author.role.displayName)}
            </Typography>
          )}
        </Box>
        <Typography variant="body2" color="text.secondary">
          <time dateTime={createdAt}>{formatStoryDate(createdAt)}</time>
          {wasEdited ? ` ${t('social.edited')}` : null}
        </Typography>
      </Box>
    </Box>
  );
}
