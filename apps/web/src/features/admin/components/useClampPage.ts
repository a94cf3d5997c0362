import { useEffect } from 'react';
import type { Page } from '@furniture-mart/shared';

/** After the last row of the last page is removed, move back to the page that still has rows. */
export function useClampPage(data: Page<unknown> | undefined, setPage: (page: number) => void) {
  useEffect(() => {
    if (!data || data.items.length > 0 || data.page <= 1) return;
    const lastPage = Math.max(1, Math.ceil(data.total / data.pageSize));
    if (lastPage < data.page) setPage(lastPage);
  }, [data, setPage]);
}
