// ReplyOutlined, from @mui/icons-material 9.5.0 (MIT): README.md in this folder.
import { createSvgIcon } from '@mui/material/utils';
import { jsx as _jsx } from 'react/jsx-runtime';
export default createSvgIcon(
  /*#__PURE__*/ _jsx('path', {
    d: 'M10 9V5l-7 7 7 7v-4.1c5 0 8.5 1.6 11 5.1-1-5-4-10-11-11',
  }),
  'ReplyOutlined',
);
