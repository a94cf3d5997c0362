/**
 * Answer schemas of the catalogue routes. The serializer drops any key not listed here, so a card can
 * never carry a seller's email or phone even if a query selected one.
 */
import { z } from 'zod';
import { conditions, locations } from '@furniture-mart/shared';
import { categorySchema } from '../categories/categories.routes.js';

export const photoSchema = z.object({
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  thumbWidth: z.number().int(),
  thumbHeight: z.number().int(),
});

export const productCardSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  categoryId: z.uuid(),
  location: z.enum(locations),
  condition: z.enum(conditions),
  sellingPriceCents: z.number().int(),
  originalPriceCents: z.number().int(),
  yearsUsed: z.number().int(),
  postedAt: z.string(),
  dimensionsCm: z.object({
    width: z.number().int().nullable(),
    depth: z.number().int().nullable(),
    height: z.number().int().nullable(),
  }),
  seller: z.object({ id: z.uuid(), name: z.string(), verified: z.boolean() }),
  photos: z.array(photoSchema),
});

export const productCardPageSchema = z.object({
  items: z.array(productCardSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});

export const categoryWithProductsSchema = z.object({
  category: categorySchema,
  products: productCardPageSchema,
});
