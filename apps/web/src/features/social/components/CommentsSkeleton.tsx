import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';

/** The list's shape while its code and first page load. */
export function CommentsSkeleton({ rows = 3, label }: { rows?: number; label: string }) {
  return (
    <Box role="status" aria-label={label} sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
      {Array.from({ length: rows }, (_, index) => (
        <Box key={index} sx={{ display: 'flex', gap: 1.5 }}>
          <Skeleton variant="circular" width={40} height={40} sx={{ flexShrink: 0 }} />
          <Box sx={{ flexGrow: 1 }}>
            <Skeleton variant="text" width="35%" />
            <Skeleton variant="text" width="90%" />
            <Skeleton variant="text" width="60%" />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
