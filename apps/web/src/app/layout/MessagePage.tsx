import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface MessagePageProps {
  icon: ReactNode;
  title: string;
  action: ReactNode;
}

/** Full-page message with one way out: not-found and crash pages share it. */
export function MessagePage({ icon, title, action }: MessagePageProps) {
  return (
    <Box
      component="section"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 3,
        py: { xs: 8, md: 12 },
        px: 2,
      }}
    >
      <Box aria-hidden sx={{ fontSize: 88, lineHeight: 0, color: 'primary.main' }}>
        {icon}
      </Box>
      <Typography variant="h1" component="h1" sx={{ maxWidth: 560 }}>
        {title}
      </Typography>
      {action}
    </Box>
  );
}
