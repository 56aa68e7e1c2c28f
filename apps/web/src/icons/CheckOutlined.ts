// CheckOutlined, from @mui/icons-material 9.5.0 (MIT): README.md in this folder.
import { createSvgIcon } from '@mui/material/utils';
import { jsx as _jsx } from 'react/jsx-runtime';
export default createSvgIcon(
  /*#__PURE__*/ _jsx('path', {
    d: 'M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z',
  }),
  'CheckOutlined',
);
