import { webMessages } from '@furniture-mart/shared';

/**
 * A grey block standing where content will be, so the page keeps its shape while it loads. Purely
 * decorative: the region that holds skeletons says once, as a status, that it is loading.
 */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div className={`skeleton ${className}`} aria-hidden="true" />;
}

/** Lines of text still to come, the last one shorter, as a paragraph ends. */
export function SkeletonText({ lines = 3 }: { lines?: number }) {
  return (
    <div className="space-y-2" aria-hidden="true">
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} className={`h-4 ${i === lines - 1 ? 'w-2/3' : 'w-full'}`} />
      ))}
    </div>
  );
}

/** A region whose content is on its way: announced once by its label, its skeletons hidden. */
export function SkeletonRegion({
  label = webMessages.loading,
  children,
  className = '',
}: {
  label?: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <div role="status" aria-label={label} aria-busy="true" data-skeleton className={className}>
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}
