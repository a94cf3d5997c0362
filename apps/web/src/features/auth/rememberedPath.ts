import { useLocation, type Location } from 'react-router';

const authPages = new Set(['/login', '/signup']);

/** The page a guard sent the person away from (`state.from`), or the home page. */
export function useRememberedPath(): string {
  const location = useLocation();
  const from = (location.state as { from?: Partial<Location> } | null)?.from;
  const pathname = from?.pathname;
  // Only in-app paths: never "//other.site" and never back to the login forms themselves.
  if (!pathname || !pathname.startsWith('/') || pathname.startsWith('//') || authPages.has(pathname)) {
    return '/';
  }
  return `${pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/** Whether a guard sent the person here (as opposed to them opening /login themselves). */
export function useWasRedirected(): boolean {
  const location = useLocation();
  return Boolean((location.state as { from?: unknown } | null)?.from);
}
