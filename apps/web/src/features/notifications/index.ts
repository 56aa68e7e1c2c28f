/**
 * What the app shell uses of notifications (lint: eslint.config.js, feature boundaries): the header's
 * bell. The page is routed from app/router.tsx.
 */
export { NotificationBell } from './components/NotificationBell';
