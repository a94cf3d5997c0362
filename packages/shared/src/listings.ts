/**
 * Rules of a listing page that need no schema. Listing pages use them while they start in the
 * browser, so this module imports no Zod: the schemas load only with the forms that check them.
 */
import { parseAmount } from './money.js';
import type { ProductCardPage } from './catalogue.js';

/** Three decimals, the most any currency has: an amount of some currency, when the currency is not known. */
const anyCurrency = 'BHD';

/**
 * The total a listing's pagination counts with. Past the counted cap a full page always offers the
 * next one, so no product lies beyond reach; a page past the end then says so.
 */
export function pagedTotal({ page, pageSize, total, totalCapped, items }: ProductCardPage): number {
  return totalCapped && items.length === pageSize ? Math.max(total, page * pageSize + 1) : total;
}

/** True when both bounds are amounts and the maximum is below the minimum (the filter form's rule). */
export function isInvertedPriceRange(minPrice: string | undefined, maxPrice: string | undefined): boolean {
  const min = minPrice ? parseAmount(minPrice, anyCurrency) : null;
  const max = maxPrice ? parseAmount(maxPrice, anyCurrency) : null;
  return min !== null && max !== null && max < min;
}
