import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

/**
 * How the drawer shows a rubric grid: as a table where the drawer is wide enough for several
 * columns of text (half of a 1200 px screen and more), else each criterion with its levels below
 * it, so nothing scrolls sideways on a phone or a tablet.
 */
export function useGridLayout(): 'table' | 'stacked' {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('lg')) ? 'stacked' : 'table';
}
