// FactCheckOutlined, from @mui/icons-material 9.5.0 (MIT): README.md in this folder.
import { createSvgIcon } from '@mui/material/utils';
import { jsx as _jsx, jsxs as _jsxs } from 'react/jsx-runtime';
export default createSvgIcon(
  /*#__PURE__*/ _jsxs('g', {
    fillRule: 'evenodd',
    children: [
      /*#__PURE__*/ _jsx('path', {
        d: 'M20 3H4c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2m0 16H4V5h16z',
      }),
      /*#__PURE__*/ _jsx('path', {
        d: 'M19.41 10.42 17.99 9l-3.17 3.17-1.41-1.42L12 12.16 14.82 15zM5 7h5v2H5zm0 4h5v2H5zm0 4h5v2H5z',
      }),
    ],
  }),
  'FactCheckOutlined',
);
