/**
 * Favourites: saving a product, the list of saved products, and the notices about them (a price drop,
 * sold, no longer on sale).
 */
import { z } from 'zod';
import { noticeKinds, productPageStatuses } from './enums.js';
import { pageOf, pageQuery, photoSchema, says } from './common.js';

// ---------- requests ----------

export const productIdParams = z.object({ productId: z.uuid(says('catalogue.invalidProduct')) });

export const noticesQuery = pageQuery;

// ---------- answers ----------

export const favouriteStateSchema = z.object({ productId: z.uuid(), favourite: z.boolean() });
export type FavouriteState = z.infer<typeof favouriteStateSchema>;

/** A saved product; `removed` when it is no longer on sale at all. */
export const favouriteSchema = z.object({
  productId: z.uuid(),
  savedAt: z.string(),
  title: z.string(),
  status: z.enum([...productPageStatuses, 'removed']),
  sellingPriceCents: z.number().int(),
  previousPriceCents: z.number().int().nullable(),
  currency: z.string(),
  cover: photoSchema.nullable(),
  seller: z.object({ id: z.uuid(), name: z.string(), verified: z.boolean() }),
});
export type Favourite = z.infer<typeof favouriteSchema>;

export const favouritesPageSchema = pageOf(favouriteSchema);

export const noticeSchema = z.object({
  id: z.uuid(),
  kind: z.enum(noticeKinds),
  productId: z.uuid(),
  /** The sentence to show, ready to read. */
  message: z.string(),
  createdAt: z.string(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const noticesPageSchema = pageOf(noticeSchema);
