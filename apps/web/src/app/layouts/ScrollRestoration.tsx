import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'furniture-mart:scroll';

/** Where each history entry of this tab was left, by the entry's key; kept across reloads. */
let positions: Record<string, number> | undefined;

function savedPositions(): Record<string, number> {
  if (!positions) {
    try {
      const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
      positions = stored && typeof stored === 'object' ? (stored as Record<string, number>) : {};
    } catch {
      // Storage blocked or its value unreadable: start afresh.
      positions = {};
    }
  }
  return positions;
}

/**
 * Whether the positions kept before this page load are this tab's history: only after a reload, Back
 * or Forward. The first entry of every visit has the same key, so a new visit must not take the
 * position an earlier one left.
 */
function openedByReloadOrHistory(): boolean {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'reload' || entry?.type === 'back_forward';
}

/** Whether a page of this load has been shown yet. */
let shown = false;

function persist() {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(savedPositions()));
  } catch {
    // Storage full or blocked: positions are still kept for this page's life.
  }
}

/**
 * A page the visitor comes back to (Back, Forward, a reload) opens where it was left; a page reached
 * by a link or a form opens at its top, or at the element its address's #fragment names. The browser's
 * own restoring is switched off while the app runs: it would jump before the page it restores is back.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    history.scrollRestoration = 'manual';
    const leave = () => {
      persist();
      // A full page load that follows is the browser's to restore.
      history.scrollRestoration = 'auto';
    };
    const back = () => {
      history.scrollRestoration = 'manual';
    };
    addEventListener('pagehide', leave);
    addEventListener('pageshow', back);
    return () => {
      removeEventListener('pagehide', leave);
      removeEventListener('pageshow', back);
    };
  }, []);

  useLayoutEffect(() => {
    const saved = savedPositions()[location.key];
    const restore = shown || openedByReloadOrHistory();
    shown = true;
    if (navigationType === 'POP') {
      // Back, Forward, a reload, or the page this visit started on (where the browser put it).
      if (restore && saved !== undefined) window.scrollTo(0, saved);
    } else if (location.hash) {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    } else {
      window.scrollTo(0, 0);
    }
    // From here on, scrolling is this entry's position (a listener per entry, so a scroll the change
    // of page causes counts for the new one). Where it is now counts too: on the first page the reader
    // may have scrolled before the app started.
    const remember = () => {
      savedPositions()[location.key] = window.scrollY;
    };
    remember();
    addEventListener('scroll', remember, { passive: true });
    return () => removeEventListener('scroll', remember);
  }, [location.key, location.hash, navigationType]);

  return null;
}
