// WarningAmberOutlined, from @mui/icons-material 9.5.0 (MIT): README.md in this folder.
import { createSvgIcon } from '@mui/material/utils';
import { jsx as _jsx } from 'react/jsx-runtime';
export default createSvgIcon(
  /*#__PURE__*/ _jsx('path', {
    d: 'M12 5.99 19.53 19H4.47zM12 2 1 21h22zm1 14h-2v2h2zm0-6h-2v4h2z',
  }),
  'WarningAmberOutlined',
);
