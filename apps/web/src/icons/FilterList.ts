// FilterList, from @mui/icons-material 9.5.0 (MIT): README.md in this folder.
import { createSvgIcon } from '@mui/material/utils';
import { jsx as _jsx } from 'react/jsx-runtime';
export default createSvgIcon(
  /*#__PURE__*/ _jsx('path', {
    d: 'M10 18h4v-2h-4zM3 6v2h18V6zm3 7h12v-2H6z',
  }),
  'FilterList',
);
