import { Outlet } from 'react-router';
import { DashboardMenu } from '../../features/dashboard/components/DashboardMenu';
import { useAuth } from '../../features/auth/api';
import { VerifyEmailBanner } from '../../features/auth/components/VerifyEmailBanner';
import { NavigationProgress } from './NavigationProgress';
import { SiteHeader } from './SiteHeader';
import { SkipLink } from './SkipLink';
import { useFocusMainOnNavigate } from './useFocusMainOnNavigate';
import { t } from '@furniture-mart/shared';

export function DashboardLayout() {
  const auth = useAuth();
  useFocusMainOnNavigate();
  // Rendered behind RequireAuth, so the session is known here.
  if (auth.status !== 'signedIn') return null;

  return (
    <div className="flex min-h-dvh flex-col bg-base-200/40">
      <SkipLink />
      <NavigationProgress />
      <SiteHeader />
      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 md:flex-row md:py-8">
        <aside className="md:w-60 md:shrink-0">
          <div className="md:sticky md:top-24">
            <p className="mb-2 hidden px-4 text-xs font-semibold uppercase tracking-wider text-base-content/70 md:block">
              {auth.me.user.name}
            </p>
            <DashboardMenu role={auth.me.user.role} />
          </div>
        </aside>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
          <VerifyEmailBanner />
          <Outlet />
        </main>
      </div>
      <footer className="border-t border-base-300 bg-base-100" data-site-footer>
        <p className="mx-auto max-w-7xl px-4 py-4 text-center text-sm text-base-content/75 sm:px-6">
          {t('footer.copyrightShort')}
        </p>
      </footer>
    </div>
  );
}
