import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * The card grid (spec 000 §2: three a row): one column under 360 px, two on phones and tablets,
 * three from 1024 px; gaps of 16 px, 24 px from 768 px. The page around it is the shell's
 * Container (at most 1200 px, padding 16 px, 24 px from 480 px): GalleryCard's `coverSizes` follows
 * from these figures, and so must the HTML the server paints first.
 */
export function GalleryGrid({
  children,
  label,
  busy = false,
}: {
  children: ReactNode;
  /** The list's accessible name. */
  label?: string;
  busy?: boolean;
}) {
  return (
    <Box
      component="ul"
      aria-label={label}
      aria-busy={busy || undefined}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gridTemplateColumns: '1fr',
        gap: '16px',
        '@media (min-width: 360px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
        '@media (min-width: 768px)': { gap: '24px' },
        '@media (min-width: 1024px)': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
        '& > li': { minWidth: 0 },
      }}
    >
      {children}
    </Box>
  );
}
