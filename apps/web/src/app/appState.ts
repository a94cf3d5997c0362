import type { DehydratedState } from '@tanstack/react-query';

/**
 * What a page rendered outside the browser (src/serverRender.tsx) was rendered with. It travels in the
 * page as JSON, and main.tsx hydrates with exactly this, so the first render matches the HTML.
 */
export interface AppState {
  queries: DehydratedState;
}

/** The state a rendered page carries, or null for the empty app page. */
export function readAppState(): AppState | null {
  const element = document.getElementById('app-state');
  return element?.textContent ? (JSON.parse(element.textContent) as AppState) : null;
}
