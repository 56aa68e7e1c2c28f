/**
 * What other features may use of the profile (lint: eslint.config.js, feature boundaries): blocking
 * the writer of a comment or reply (issue 21.4), shown in the social feature's comments.
 */
export { BlockUserButton } from './components/BlockUserButton';
export { useCanBlock } from './blocks-api';
// 'Descargar datos' on a user's page, for administrators (issue 22.2).
export { DownloadUserDataButton } from './components/DownloadUserDataButton';
