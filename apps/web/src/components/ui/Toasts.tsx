import { lazy, Suspense, useSyncExternalStore } from 'react';

interface ToastOptions {
  /** A toast with the same id replaces the one on screen instead of stacking. */
  id?: string;
}

// The toast library is loaded with the first message, not with every page: most visits never show one.
const library = () => import('react-hot-toast');

let wanted = false;
const listeners = new Set<() => void>();
function want(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** Short confirmations and failures, announced politely and gone after a few seconds. */
export const notify = {
  success(message: string, options?: ToastOptions): void {
    want();
    void library().then(({ toast }) => toast.success(message, options));
  },
  error(message: string, options?: ToastOptions): void {
    want();
    void library().then(({ toast }) => toast.error(message, options));
  },
};

const Toaster = lazy(() =>
  library().then(({ Toaster: LibraryToaster }) => ({
    default: function AppToaster() {
      return (
        // At the bottom: a toast at the top covered the main navigation, the thing most often clicked
        // next, and pointing at a toast pauses it, so it stayed in the way.
        <LibraryToaster
          position="bottom-center"
          toastOptions={{
            duration: 4000,
            success: { duration: 2000 },
            style: {
              background: 'var(--color-base-100)',
              color: 'var(--color-base-content)',
              border: '1px solid var(--color-base-300)',
            },
          }}
        />
      );
    },
  })),
);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Where toasts appear, mounted once in the app's providers. Nothing is rendered (on the server or in
 * the browser) until the first message, so the page hydrates without it. Messages sent before the
 * library arrived are kept by it and shown as soon as this mounts.
 */
export function Toasts() {
  const show = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  return show ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
