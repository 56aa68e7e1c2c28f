import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AutoStoriesOutlined from '@mui/icons-material/AutoStoriesOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';

/** Home (/): welcome band and the public gallery of published fics. */
export function HomePage() {
  const { t } = useTranslation();
  return (
    <>
      <Paper
        component="section"
        aria-labelledby="home-welcome"
        elevation={0}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: { xs: 2, md: 4 },
          p: { xs: 3, md: 5 },
          mb: { xs: 4, md: 6 },
          color: 'primary.contrastText',
          background: (theme) => `linear-gradient(120deg, ${theme.palette.primary.main} 0%, #7fd3ea 100%)`,
        }}
      >
        <Box sx={{ flex: 1 }}>
          <Typography id="home-welcome" variant="h1" component="h1" sx={{ mb: 1.5 }}>
            {t('home.welcomeTitle')}
          </Typography>
          <Typography sx={{ fontSize: { xs: '1rem', md: '1.125rem' }, maxWidth: 640 }}>
            {t('home.welcomeText')}
          </Typography>
        </Box>
        <Box
          aria-hidden
          sx={{ display: { xs: 'none', md: 'block' }, fontSize: 120, lineHeight: 0, opacity: 0.85 }}
        >
          <AutoStoriesOutlined fontSize="inherit" />
        </Box>
      </Paper>
      <Box component="section" aria-labelledby="home-gallery">
        <Typography id="home-gallery" variant="h2" component="h2" sx={{ mb: 2 }}>
          {t('home.galleryTitle')}
        </Typography>
        <EmptyState message={t('common.nothingToShow')} />
      </Box>
    </>
  );
}
