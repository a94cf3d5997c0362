import { Outlet, ScrollRestoration } from 'react-router';
import { CanonicalLink } from '../../components/CanonicalLink';
import { NavigationProgress } from './NavigationProgress';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { SkipLink } from './SkipLink';

export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <CanonicalLink />
      <SkipLink />
      <NavigationProgress />
      <SiteHeader />
      {/* At least a screen tall under the header, so the footer starts below the fold while a page loads
          and nothing on screen moves when the page arrives. */}
      <main id="main" tabIndex={-1} className="min-h-[calc(100dvh-4rem)] flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
