import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

interface CardListProps {
  /** The list's accessible name. */
  label: string;
  /** The page shown is the previous one while the next loads (React Query's placeholder data). */
  busy: boolean;
  /** One `<li>` per card. */
  children: ReactNode;
}

/**
 * A page of cards as a list (the queues of reports, comments awaiting approval and privacy
 * requests): no bullets, a gap between cards, faded and `aria-busy` while the next page loads.
 */
export function CardList({ label, busy, children }: CardListProps) {
  return (
    <Box
      component="ul"
      aria-label={label}
      aria-busy={busy}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        opacity: busy ? 0.6 : 1,
      }}
    >
      {children}
    </Box>
  );
}
