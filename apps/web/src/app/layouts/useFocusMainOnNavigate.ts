import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Whether the first page of this visit has been shown (it keeps the browser's own focus start). */
let landed = false;

/**
 * After moving to another page inside the app, focus goes to the main content, as it would start at
 * the top after a full page load: a screen reader announces the new page and the next Tab starts in
 * it, instead of wherever the link or button that led there used to be. Filters and paging (the same
 * path, other search parameters) keep focus where it is. Each layout calls it, so a move from the
 * public pages to the dashboard (a new layout) counts too.
 */
export function useFocusMainOnNavigate(): void {
  const { pathname } = useLocation();

  useEffect(() => {
    if (!landed) {
      landed = true;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}
