import { use, useSyncExternalStore, type ComponentType } from 'react';

/**
 * Code that arrives on demand: a page or a layout in a chunk of its own. Unlike `React.lazy`, once its
 * code is here it renders at once, on the first try. That is what a render outside the browser and the
 * hydration of its page need: both load the code of the page first (`load`) and then render it in one
 * pass, exactly as the server did. Until the code is here, rendering it suspends (the nearest
 * `<Suspense>` shows its fallback, or a navigation keeps the page it leaves on screen).
 */
export interface LazyCode {
  /** Starts loading once; every later call gets the same promise. */
  load(): Promise<ComponentType>;
  /** Whether the code is here, so rendering it will not suspend. */
  ready(): boolean;
  Component: ComponentType;
}

let loadsUnderWay = 0;
const listeners = new Set<() => void>();

function countLoad(change: 1 | -1) {
  loadsUnderWay += change;
  // A load starts while a page renders: its listeners hear of it once that render is over.
  queueMicrotask(() => {
    for (const listener of listeners) listener();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether some code is still on its way (for a progress bar while a navigation waits for it). */
export function useCodeLoading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => loadsUnderWay > 0,
    () => false,
  );
}

export function lazyCode(importCode: () => Promise<ComponentType>): LazyCode {
  let component: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;

  function load() {
    if (!loading) {
      countLoad(1);
      loading = importCode().then(
        (loaded) => {
          component = loaded;
          countLoad(-1);
          return loaded;
        },
        (error: unknown) => {
          countLoad(-1);
          // Kept as failed: the error screen offers a reload, which is what a missing chunk needs.
          throw error;
        },
      );
    }
    return loading;
  }

  function LazyComponent() {
    const Loaded = component ?? use(load());
    return <Loaded />;
  }
  return { load, ready: () => component !== undefined, Component: LazyComponent };
}
