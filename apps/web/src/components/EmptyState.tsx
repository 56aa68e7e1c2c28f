import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import InboxOutlined from '#icons/InboxOutlined';

interface EmptyStateProps {
  /** The spec's text, e.g. 'Nada que mostrar...' or 'Sin resultados'. */
  message: string;
  icon?: ReactNode;
  /** Optional action under the text (a button). */
  action?: ReactNode;
}

export function EmptyState({ message, icon, action }: EmptyStateProps) {
  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1.5,
        py: 6,
        px: 2,
        textAlign: 'center',
        color: 'text.secondary',
      }}
    >
      <Box aria-hidden sx={{ fontSize: 56, lineHeight: 0, color: 'primary.main', opacity: 0.7 }}>
        {icon ?? <InboxOutlined fontSize="inherit" />}
      </Box>
      <Typography variant="h3" component="p">
        {message}
      </Typography>
      {action}
    </Box>
  );
}
