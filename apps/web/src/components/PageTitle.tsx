import { useEffect, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface PageTitleProps {
  title: string;
  /** Buttons shown on the title's right (toolbars such as 'Añadir'). */
  actions?: ReactNode;
}

/** The page's one h1; also sets the browser tab title ('Usuarios · Fics'). */
export function PageTitle({ title, actions }: PageTitleProps) {
  useEffect(() => {
    document.title = `${title} · Fics`;
    return () => {
      document.title = 'Fics';
    };
  }, [title]);
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
        mb: 3,
      }}
    >
      <Typography variant="h1" component="h1">
        {title}
      </Typography>
      {actions ? <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{actions}</Box> : null}
    </Box>
  );
}
