/**
 * Browsing the catalogue: categories and product cards as the API answers them, the queries of the
 * category and search listings, and the filter form that builds them. The sort is optional in a query:
 * newest first when none was chosen, searches too.
 */
import { z } from 'zod';
import { conditions, locations, productSorts } from './enums.js';
import { catalogueMessages, messages } from './messages/index.js';
import { isAmountText, parseAmount } from './money.js';
import { isInvertedPriceRange } from './listings.js';
import { pageOf, pageQuery, photoSchema, says } from './common.js';
import { placeNameSchema, sellerCardSchema } from './products.js';
import { reputationSchema } from './reviews.js';
import { listedDimensionsSchema } from './home.js';

// ---------- answers ----------

export const categorySchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  thumbnailUrl: z.string(),
  /** Bulky pieces: its listings must give their width, depth and height. */
  measured: z.boolean(),
});
export type Category = z.infer<typeof categorySchema>;

/**
 * A product as buyers browse it. The serializer drops any key not listed here, so a card can never carry
 * a seller's email or phone even if a query selected one.
 */
export const productCardSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  categoryId: z.uuid(),
  location: z.enum(locations),
  district: z.string().nullable(),
  area: z.string().nullable(),
  /** "Mirpur, Dhaka" in both languages. */
  placeName: placeNameSchema,
  condition: z.enum(conditions),
  sellingPriceCents: z.number().int(),
  originalPriceCents: z.number().int(),
  /** The price before a drop within the last 14 days ("was $X"), else null. */
  previousPriceCents: z.number().int().nullable(),
  yearsUsed: z.number().int(),
  postedAt: z.string(),
  dimensions: listedDimensionsSchema,
  /** `rating`: the average of the seller's published reviews, null below 3 of them ("New seller"). */
  seller: z.object({
    id: z.uuid(),
    name: z.string(),
    verified: z.boolean(),
    rating: z.number().nullable(),
    reviews: z.number().int(),
  }),
  photos: z.array(photoSchema),
});
export type ProductCard = z.infer<typeof productCardSchema>;

export const productCardPageSchema = pageOf(productCardSchema).extend({
  /**
   * Counted exactly up to 1,000; beyond it this is true and `total` is what is known to be there: 1,000,
   * or as far as this page reaches ("1,000+").
   */
  totalCapped: z.boolean(),
});
export type ProductCardPage = z.infer<typeof productCardPageSchema>;

export const categoryWithProductsSchema = z.object({
  category: categorySchema,
  products: productCardPageSchema,
});
export type CategoryWithProducts = z.infer<typeof categoryWithProductsSchema>;

/** The head of a seller page: the seller card with how many of their products sold. */
export const sellerPageHeadSchema = sellerCardSchema.extend({
  sold: z.number().int(),
  reputation: reputationSchema,
});
export type SellerPageHead = z.infer<typeof sellerPageHeadSchema>;

/** GET /api/sellers/:id: the seller, then a page of their listings as product cards (like a category). */
export const sellerPageSchema = z.object({ seller: sellerPageHeadSchema, products: productCardPageSchema });

/** GET /api/products/sitemap: every product on sale, for the sitemap (its address and last change). */
export const productSitemapSchema = z.object({
  items: z.array(z.object({ id: z.uuid(), updatedAt: z.string() })),
});
export type ProductSitemap = z.infer<typeof productSitemapSchema>;
export type SellerPage = z.infer<typeof sellerPageSchema>;

// ---------- price filters ----------

/**
 * A price bound typed as text ("1,250.50"), read into minor units of `currency`; empty means no bound.
 * This is the only place a price filter is read.
 */
const priceBound = (currency: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      const minor = parseAmount(value, currency);
      if (minor === null) {
        ctx.addIssue({ code: 'custom', message: messages.invalidPrice });
        return z.NEVER;
      }
      return minor;
    });

/** Both bounds in the same minor units: a maximum below the minimum is refused on the maximum. */
const withPriceRange = (
  value: { minPrice?: number | undefined; maxPrice?: number | undefined },
  ctx: z.RefinementCtx,
) => {
  if (value.minPrice !== undefined && value.maxPrice !== undefined && value.maxPrice < value.minPrice) {
    ctx.addIssue({ code: 'custom', path: ['maxPrice'], message: catalogueMessages.priceRange });
  }
};

// ---------- queries ----------

const optionalSort = z.enum(productSorts, says('common.chooseOption')).optional();

const listQueryIn = (currency: string) =>
  pageQuery.extend({
    q: z.string().trim().max(100).optional(),
    sort: optionalSort,
    minPrice: priceBound(currency),
    maxPrice: priceBound(currency),
    condition: z.enum(conditions).optional(),
    location: z.enum(locations).optional(),
    /** Ids of `@furniture-mart/shared/places`; the server checks each lies in the one before. */
    district: z.string().trim().max(60).optional(),
    area: z.string().trim().max(80).optional(),
    /** "Fits my home": only pieces that pass every opening the signed-in buyer saved. */
    fits: z.literal('1', says('common.chooseOption')).optional(),
  });

/** Filters as the listing reads them: prices in minor units of the shop's currency. */
const asFilter = <T extends { minPrice?: number | undefined; maxPrice?: number | undefined }>({
  minPrice,
  maxPrice,
  ...rest
}: T) => ({ ...rest, minPriceCents: minPrice, maxPriceCents: maxPrice });

/** GET /api/products in the shop's currency: every available product, optionally within one category (id or slug). */
export const productSearchQueryIn = (currency: string) =>
  listQueryIn(currency)
    .extend({ category: z.string().trim().max(64).optional() })
    .superRefine(withPriceRange)
    .transform(asFilter);
export type ProductSearchQuery = z.output<ReturnType<typeof productSearchQueryIn>>;

/** GET /api/categories/:id in the shop's currency: the category comes from the path. */
export const categoryProductsQueryIn = (currency: string) =>
  listQueryIn(currency).superRefine(withPriceRange).transform(asFilter);
export type CategoryProductsQuery = z.output<ReturnType<typeof categoryProductsQueryIn>>;

/** GET /api/sellers/:id: one page of the seller's listings. */
export const sellerPageQuery = pageQuery;

/** A category by its UUID or readable slug. */
export const categoryRefParams = z.object({
  id: z.string().trim().min(1, says('catalogue.unknownCategory')).max(64, says('catalogue.unknownCategory')),
});

// ---------- the filter form ----------

const optionalAmountField = z
  .string()
  .trim()
  .refine((value) => value === '' || isAmountText(value), says('common.invalidPrice'));

/** The filter form above a listing; empty strings mean "any". */
export const catalogueFilterForm = z
  .object({
    q: z
      .string()
      .trim()
      .max(100, says('common.atMostCharacters', { max: 100 })),
    minPrice: optionalAmountField,
    maxPrice: optionalAmountField,
    condition: z.enum(['', ...conditions], says('common.chooseOption')),
    location: z.enum(['', ...locations], says('common.chooseOption')),
    district: z.string().trim().max(60),
    area: z.string().trim().max(80),
    category: z.string().trim().max(64),
    fits: z.enum(['', '1'], says('common.chooseOption')),
  })
  .superRefine((form, ctx) => {
    if (isInvertedPriceRange(form.minPrice, form.maxPrice)) {
      ctx.addIssue({ code: 'custom', path: ['maxPrice'], message: catalogueMessages.priceRange });
    }
  });
export type CatalogueFilterForm = z.infer<typeof catalogueFilterForm>;
