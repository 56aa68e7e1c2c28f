// ExpandMore, from @mui/icons-material 9.5.0 (MIT): README.md in this folder.
import { createSvgIcon } from '@mui/material/utils';
import { jsx as _jsx } from 'react/jsx-runtime';
export default createSvgIcon(
  /*#__PURE__*/ _jsx('path', {
    d: 'M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z',
  }),
  'ExpandMore',
);
