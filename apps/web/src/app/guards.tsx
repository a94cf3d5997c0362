import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { Role } from '@furniture-mart/shared';
import { PageSpinner } from '../components/ui/Spinner';
import { configQuery, hasRole, useAuth } from '../features/auth/api';
import { useQuery } from '@tanstack/react-query';
import { t } from '@furniture-mart/shared';

interface RequireAuthProps {
  /** When set, only accounts with this role may pass. */
  role?: Role;
  /** The catalogue: anyone may pass when the shop opens it to visitors (GET /api/config). */
  catalogue?: boolean;
  /** Without children the guard renders the matched child route. */
  children?: ReactNode;
}

/**
 * Spinner while the session is being checked, then either the page or /login with the origin
 * remembered. A failed session check counts as signed out, so the spinner cannot run forever.
 */
export function RequireAuth({ role, catalogue = false, children }: RequireAuthProps) {
  const auth = useAuth();
  const location = useLocation();
  const config = useQuery({ ...configQuery, enabled: catalogue });

  if (catalogue && config.data?.catalogueAccess === 'public') return children ?? <Outlet />;
  if (catalogue && config.isPending && auth.status !== 'signedIn') {
    return <PageSpinner label={t('guards.checking')} />;
  }
  if (auth.status === 'loading') return <PageSpinner label={t('guards.checking')} />;
  if (auth.status === 'signedOut' || (role && !hasRole(auth.me, role))) {
    return <Navigate to="/login" replace state={{ from: location }} />;
  }
  return children ?? <Outlet />;
}
