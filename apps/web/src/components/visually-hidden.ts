/**
 * Text for screen readers only (as MUI's own `visuallyHidden`). Sizes are written in px: in `sx`,
 * a bare 1 means 100%, which would stretch the page sideways.
 */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
