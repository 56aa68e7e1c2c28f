import type { RoleName } from '@fics/contracts';
import type { Catalog } from '../locales/es';

export interface MenuEntry {
  /** Key under `menu.` in the catalog. */
  label: keyof Catalog['menu'];
  path: string;
  roles: readonly RoleName[];
  /** Flip to true in the same commit that adds the page to the route table. */
  available: boolean;
}

const ALL: readonly RoleName[] = ['ADMIN', 'TEACHER', 'STUDENT'];

/** The header's role menu, in the spec's order (000 §2 Header). */
export const menuEntries: readonly MenuEntry[] = [
  { label: 'profile', path: '/perfil', roles: ALL, available: true },
  { label: 'users', path: '/usuarios', roles: ['ADMIN', 'TEACHER'], available: true },
  { label: 'schools', path: '/escuelas', roles: ['ADMIN'], available: true },
  { label: 'changeRequests', path: '/cambios', roles: ['ADMIN'], available: true },
  { label: 'registerRequests', path: '/registros', roles: ['ADMIN'], available: true },
  { label: 'newFic', path: '/fics/nuevo', roles: ['STUDENT'], available: true },
  { label: 'myFics', path: '/mis-fics', roles: ['STUDENT'], available: true },
  { label: 'reviewFics', path: '/fics/revision', roles: ['TEACHER'], available: true },
  { label: 'publishedFics', path: '/fics/publicadas', roles: ['TEACHER'], available: true },
  { label: 'myRubrics', path: '/rubricas', roles: ['TEACHER', 'ADMIN'], available: true },
  { label: 'reports', path: '/reportes', roles: ['TEACHER', 'ADMIN'], available: true },
  { label: 'privacyRequests', path: '/solicitudes-datos', roles: ['ADMIN'], available: true },
  { label: 'securityIncidents', path: '/incidentes-seguridad', roles: ['ADMIN'], available: true },
];

/** The entries a role sees; only pages that exist. `entries` is injectable for tests. */
export function menuFor(role: RoleName, entries: readonly MenuEntry[] = menuEntries): MenuEntry[] {
  return entries.filter((entry) => entry.available && entry.roles.includes(role));
}
