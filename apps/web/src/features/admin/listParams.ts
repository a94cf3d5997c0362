import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** Page and search of an admin table, kept in the URL so a reload or a shared link shows the same rows. */
export function useListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const parsed = Number.parseInt(searchParams.get('page') ?? '', 10);
  const page = Number.isFinite(parsed) && parsed > 0 ? parsed : 1;
  const q = searchParams.get('q') ?? '';

  const setPage = useCallback(
    (next: number) => {
      setSearchParams((current) => {
        const updated = new URLSearchParams(current);
        if (next > 1) updated.set('page', String(next));
        else updated.delete('page');
        return updated;
      });
    },
    [setSearchParams],
  );

  // A new search starts at its first page; typing replaces the history entry instead of adding one per pause.
  const setQuery = useCallback(
    (next: string) => {
      setSearchParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next) updated.set('q', next);
          else updated.delete('q');
          updated.delete('page');
          return updated;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  return { page, q, setPage, setQuery };
}
