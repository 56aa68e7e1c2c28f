import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LocalOfferOutlined from '#icons/LocalOfferOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * The home gallery filtered by one tag: '/?tags=terror'. The gallery (home page) reads the `tags`
 * query parameter as its tag filter.
 */
export function tagFilterPath(tag: string): string {
  return `/?${new URLSearchParams({ tags: tag }).toString()}`;
}

/** A fic's tags (spec 001 §2 Story detail): a click goes back to the gallery filtered by that tag. */
export function StoryTags({ tags }: { tags: readonly string[] }) {
  const { t } = useTranslation();
  if (tags.length === 0) {
    return null;
  }
  return (
    <Box
      component="ul"
      aria-label={t('stories.tags')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
    >
      {tags.map((tag) => (
        <li key={tag}>
          <Chip
            component={RouterLink}
            to={tagFilterPath(tag)}
            clickable
            icon={<LocalOfferOutlined />}
            label={tag}
            aria-label={t('stories.tagLink', { tag })}
            variant="outlined"
            size="small"
            sx={{
              color: 'primary.dark',
              borderColor: 'primary.main',
              '& .MuiChip-icon': { color: 'inherit' },
            }}
          />
        </li>
      ))}
    </Box>
  );
}
