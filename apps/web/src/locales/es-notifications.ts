/**
 * Texts of the notifications bell and page (/notificaciones); part of the one catalog in es.ts. The
 * notifications' own texts are written by the API, in Spanish, for each recipient.
 */
export const notifications = {
  title: 'Notificaciones',
  bell: 'Notificaciones',
  bellUnread_one: 'Notificaciones: {{count}} sin leer',
  bellUnread_other: 'Notificaciones: {{count}} sin leer',
  seeAll: 'Ver todas',
  markAllRead: 'Marcar todas como leídas',
  empty: 'No tienes notificaciones',
  listLabel: 'Tus notificaciones',
  latestLabel: 'Últimas notificaciones',
  unread: 'Sin leer',
  pages: 'Páginas de notificaciones',
  total_one: '{{formatted}} notificación, {{unread}} sin leer',
  total_other: '{{formatted}} notificaciones, {{unread}} sin leer',
} as const;
