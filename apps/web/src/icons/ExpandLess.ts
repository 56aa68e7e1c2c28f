// ExpandLess, from @mui/icons-material 9.5.0 (MIT): README.md in this folder.
import { createSvgIcon } from '@mui/material/utils';
import { jsx as _jsx } from 'react/jsx-runtime';
export default createSvgIcon(
  /*#__PURE__*/ _jsx('path', {
    d: 'm12 8-6 6 1.41 1.41L12 10.83l4.59 4.58L18 14z',
  }),
  'ExpandLess',
);
