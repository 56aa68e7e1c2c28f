export * from './common';
export * from './roles';
export * from './messages';
export * from './users';
export * from './auth';
export { isCommonPassword } from './common-passwords';
export * from './regions';
export * from './grades';
export * from './colleges';
