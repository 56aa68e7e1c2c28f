import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import PlaceOutlined from '#icons/PlaceOutlined';
import { useTranslation } from 'react-i18next';
import type { Story } from '@fics/contracts';

/**
 * Where the fic was written, as the server lets this reader know it (issue 18.5): the place's name,
 * and for its author, the grade's teachers and administrators a link to the point on the map,
 * rounded to about 1 km. Nothing when the fic has no place or hides it with its author.
 */
export function StoryPlace({ story }: { story: Pick<Story, 'location' | 'locationURL'> }) {
  const { t } = useTranslation();
  if (story.location === '' && !story.locationURL) {
    return null;
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5 }}>
      <PlaceOutlined fontSize="small" color="action" aria-hidden />
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {story.location ? t('stories.place', { place: story.location }) : t('stories.placeMarked')}
      </Typography>
      {story.locationURL ? (
        <Link href={story.locationURL} target="_blank" rel="noopener noreferrer" variant="body2">
          {t('stories.placeOnMap')}
        </Link>
      ) : null}
    </Box>
  );
}
