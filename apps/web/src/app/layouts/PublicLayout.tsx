import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { CanonicalLink } from '../../components/CanonicalLink';
import { NavigationProgress } from './NavigationProgress';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { SkipLink } from './SkipLink';
import { useFocusMainOnNavigate } from './useFocusMainOnNavigate';

export function PublicLayout() {
  useFocusMainOnNavigate();
  return (
    <div className="flex min-h-dvh flex-col">
      <CanonicalLink />
      <SkipLink />
      <NavigationProgress />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {/* A page rendered on the server comes to life in two passes, the frame (header, footer) and
            then the page, each committed in a task of its own: one commit of everything was the longest
            task a slow phone saw. */}
        <Suspense>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
