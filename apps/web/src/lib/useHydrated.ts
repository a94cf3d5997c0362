import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React takes over a page rendered at build time (and on the server), true once the page
 * runs in the browser. A form's submit button waits for it: pressed before the page's code has
 * arrived, it would submit the form the browser's own way, credentials in the address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
