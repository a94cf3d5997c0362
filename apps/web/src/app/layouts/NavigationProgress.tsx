import { useCodeLoading } from '../lazyCode';

/** A thin bar at the top while a lazily loaded page is on its way. */
export function NavigationProgress() {
  if (!useCodeLoading()) return null;
  return (
    <div className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-primary/20" aria-hidden="true">
      <div className="h-full w-1/3 animate-[progress_1s_ease-in-out_infinite] bg-primary" />
    </div>
  );
}
