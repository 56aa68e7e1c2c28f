import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Counts as Chile writes them: 1.000. */
const numberFormat = new Intl.NumberFormat('es-CL');

interface CountedHelperTextProps {
  /** The field's error, or its hint when there is none; nothing at all leaves the left side empty. */
  message?: ReactNode;
  /** Characters written so far. */
  count: number;
  /** The field's limit. */
  max: number;
}

/**
 * A text field's helper line with a character counter: the message (error or hint) on the left and
 * '12/300' on the right, which wraps under it on a narrow screen rather than squeezing it. The
 * counter is for the eyes: a screen reader hears the message, and the field's own limit.
 * Use as `helperText={<CountedHelperText message={error} count={value.length} max={300} />}`.
 */
export function CountedHelperText({ message, count, max }: CountedHelperTextProps) {
  return (
    <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
      <span>{message}</span>
      <Box component="span" aria-hidden sx={{ flexShrink: 0 }}>
        {numberFormat.format(count)}/{numberFormat.format(max)}
      </Box>
    </Box>
  );
}
