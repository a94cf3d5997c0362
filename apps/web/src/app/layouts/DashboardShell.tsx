import { Logo } from '../../components/Logo';
import { Skeleton, SkeletonRegion, SkeletonText } from '../../components/ui/Skeleton';
import { t } from '@furniture-mart/shared';

/**
 * The dashboard's layout with skeletons where its content goes, the same for everyone: the build
 * renders it ahead (scripts/prerender.mjs) and the server sends it for every dashboard address, so
 * the page has its shape before any script has run. It holds nothing private (no name, no menu for
 * a role); the app replaces it once it knows who is signed in. Keep it shaped like DashboardLayout.
 */
export function DashboardShell() {
  return (
    <div className="flex min-h-dvh flex-col bg-base-200/40">
      <header className="sticky top-0 z-30 border-b border-base-300 bg-base-100/95">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
          <a href="/" className="rounded-lg px-1">
            <Logo />
          </a>
          <div className="ml-auto flex items-center gap-2">
            <Skeleton className="h-9 w-9 rounded-full" />
          </div>
        </div>
      </header>
      <SkeletonRegion
        label={t('dashboard.loading')}
        className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 md:flex-row md:py-8"
      >
        <aside className="md:w-60 md:shrink-0" aria-hidden="true">
          <Skeleton className="mb-3 hidden h-3 w-32 md:block" />
          <div className="flex gap-2 md:flex-col">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-10 w-28 md:w-full" />
            ))}
          </div>
        </aside>
        <div className="min-w-0 flex-1 space-y-6" aria-hidden="true">
          <Skeleton className="h-9 w-64 max-w-full" />
          <div className="space-y-4 rounded-box bg-base-100 p-6 shadow-sm">
            <SkeletonText lines={2} />
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        </div>
      </SkeletonRegion>
      <footer className="border-t border-base-300 bg-base-100">
        <p className="mx-auto max-w-7xl px-4 py-4 text-center text-sm text-base-content/75 sm:px-6">
          {t('footer.copyrightShort')}
        </p>
      </footer>
    </div>
  );
}
