import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { RoleName } from '@fics/contracts';
import { useSession } from '../features/auth';
import { PageLoader } from '../components/PageLoader';

/** Signed-in users only; anyone else goes to / (spec 000 §2: /perfil). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useSession();
  if (status === 'loading') {
    return <PageLoader />;
  }
  return status === 'authenticated' ? children : <Navigate to="/" replace />;
}

/** Signed-in users with one of `roles`; any role failure redirects to / (spec 000 §2). */
export function RequireRole({ roles, children }: { roles: readonly RoleName[]; children: ReactNode }) {
  const { status, role } = useSession();
  if (status === 'loading') {
    return <PageLoader />;
  }
  return role !== null && roles.includes(role) ? children : <Navigate to="/" replace />;
}
