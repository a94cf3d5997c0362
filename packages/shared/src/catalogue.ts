/**
 * Browsing the catalogue: the queries of the category and search listings and the filter form that
 * builds them. The sort is optional here so a search can fall back to relevance when none was chosen.
 */
import { z } from 'zod';
import { conditions, locations, productSorts } from './enums.js';
import { messages } from './messages.js';
import { isAmountText, parseAmount } from './money.js';
import { productListQuery } from './schemas.js';

export const catalogueMessages = {
  priceRange: 'The maximum price cannot be lower than the minimum price.',
  unknownCategory: 'This category does not exist.',
  categoryNotFound: 'This category does not exist. Pick one from the home page.',
} as const;

/** True when both bounds are given and the maximum is below the minimum. */
export function isInvertedPriceRange(minPrice: string | undefined, maxPrice: string | undefined): boolean {
  if (!minPrice || !maxPrice) return false;
  // Three decimals, the most any currency has, orders amounts of every currency alike.
  const min = parseAmount(minPrice, 'BHD');
  const max = parseAmount(maxPrice, 'BHD');
  return min !== null && max !== null && max < min;
}

const withPriceRange = <T extends { minPrice?: string | undefined; maxPrice?: string | undefined }>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  if (isInvertedPriceRange(value.minPrice, value.maxPrice)) {
    ctx.addIssue({ code: 'custom', path: ['maxPrice'], message: catalogueMessages.priceRange });
  }
};

const optionalSort = z.enum(productSorts, { error: messages.chooseOption }).optional();

/** GET /api/products: every available product, optionally within one category (id or slug). */
export const productSearchQuery = productListQuery.extend({ sort: optionalSort }).superRefine(withPriceRange);
export type ProductSearchQuery = z.infer<typeof productSearchQuery>;

/** GET /api/categories/:id: the category comes from the path. */
export const categoryProductsQuery = productListQuery
  .omit({ category: true })
  .extend({ sort: optionalSort })
  .superRefine(withPriceRange);
export type CategoryProductsQuery = z.infer<typeof categoryProductsQuery>;

/** A category by its UUID or readable slug. */
export const categoryRefParams = z.object({
  id: z.string().trim().min(1, catalogueMessages.unknownCategory).max(64, catalogueMessages.unknownCategory),
});

const optionalAmountField = z
  .string()
  .trim()
  .refine((value) => value === '' || isAmountText(value), messages.invalidPrice);

/** The filter form above a listing; empty strings mean "any". */
export const catalogueFilterForm = z
  .object({
    q: z.string().trim().max(100, 'Use at most 100 characters.'),
    minPrice: optionalAmountField,
    maxPrice: optionalAmountField,
    condition: z.enum(['', ...conditions], { error: messages.chooseOption }),
    location: z.enum(['', ...locations], { error: messages.chooseOption }),
    category: z.string().trim().max(64),
  })
  .superRefine(withPriceRange);
export type CatalogueFilterForm = z.infer<typeof catalogueFilterForm>;
