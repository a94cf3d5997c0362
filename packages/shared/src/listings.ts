/**
 * Rules of a listing page that need no schema. Listing pages use them while they start in the
 * browser, so this module imports no Zod: the schemas load only with the forms that check them.
 */
import { parseThousandths } from './money.js';

/** What paging needs of a page of cards (catalogue.ts's ProductCardPage has these and more). */
interface CountedPage {
  page: number;
  pageSize: number;
  total: number;
  totalCapped: boolean;
  items: readonly unknown[];
}

/**
 * The total a listing's pagination counts with. Past the counted cap a full page always offers the
 * next one, so no product lies beyond reach; a page past the end then says so.
 */
export function pagedTotal({ page, pageSize, total, totalCapped, items }: CountedPage): number {
  return totalCapped && items.length === pageSize ? Math.max(total, page * pageSize + 1) : total;
}

/** True when both bounds are amounts and the maximum is below the minimum (the filter form's rule). */
export function isInvertedPriceRange(minPrice: string | undefined, maxPrice: string | undefined): boolean {
  const min = minPrice ? parseThousandths(minPrice) : null;
  const max = maxPrice ? parseThousandths(maxPrice) : null;
  return min !== null && max !== null && max < min;
}
