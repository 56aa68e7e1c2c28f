/** The web shell's public entry: the app registers it last, after the API. */
export { registerWebShell } from './web-shell';
export { INLINE_SCRIPT_HASHES } from './home';
