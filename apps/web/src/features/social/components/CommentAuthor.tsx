import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CommentAuthor as Author } from '@fics/contracts';
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
 * '(editado)'. To a visitor the API already sends a student as 'Sofía E.' without a photo.
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
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
      <Avatar
        src={author.profilePicture?.url}
        alt=""
        sx={{ width: size, height: size, fontSize: size * 0.4, bgcolor: 'primary.dark', color: '#fff' }}
      >
        {initials(author.name)}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}>
          <Typography id={nameId} component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {author.name}
          </Typography>
          <Typography component="span" variant="body2" color="text.secondary">
            {capitalise(author.role.displayName)}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary">
          <time dateTime={createdAt}>{formatStoryDate(createdAt)}</time>
          {wasEdited ? ` ${t('social.edited')}` : null}
        </Typography>
      </Box>
    </Box>
  );
}
