// KeyboardArrowDown, from @mui/icons-material 9.5.0 (MIT): README.md in this folder.
import { createSvgIcon } from '@mui/material/utils';
import { jsx as _jsx } from 'react/jsx-runtime';
export default createSvgIcon(
  /*#__PURE__*/ _jsx('path', {
    d: 'M7.41 8.59 12 13.17l4.59-4.58L18 10l-6 6-6-6z',
  }),
  'KeyboardArrowDown',
);
