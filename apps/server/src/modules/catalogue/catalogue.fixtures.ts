/**
 * Test data written straight to the database, so the catalogue tests do not depend on the seller's
 * routes. Only the columns a test cares about are parameters; the rest get valid defaults.
 */
import { asc } from 'drizzle-orm';
import type { Condition, Location } from '@furniture-mart/shared';
import type { Db } from '../../db/client.js';
import { insertProductRow } from '../../../test/helpers/fixtures.js';
import { categories } from '../../db/schema.js';

export async function categoryRows(db: Db) {
  return db
    .select({ id: categories.id, slug: categories.slug, title: categories.title })
    .from(categories)
    .orderBy(asc(categories.position));
}

export interface ProductFixture {
  sellerId: string;
  categoryId: string;
  title?: string;
  description?: string;
  priceCents?: number;
  originalPriceCents?: number;
  condition?: Condition;
  location?: Location;
  phone?: string;
  status?: 'available' | 'sold';
  advertised?: boolean;
  advertisedAt?: Date;
  deleted?: boolean;
  postedAt?: Date;
  /** How many photos to attach (stored in position order). */
  photos?: number;
}

export async function insertProduct(db: Db, values: ProductFixture): Promise<string> {
  const product = await insertProductRow(db, values.sellerId, {
    categoryId: values.categoryId,
    ...(values.title ? { title: values.title } : {}),
    ...(values.description ? { description: values.description } : {}),
    ...(values.phone ? { phone: values.phone } : {}),
    location: values.location ?? 'Dhaka',
    condition: values.condition ?? 'good',
    originalPriceCents: values.originalPriceCents ?? 50_000,
    sellingPriceCents: values.priceCents ?? 10_000,
    status: values.status ?? 'available',
    advertised: values.advertised ?? false,
    advertisedAt: values.advertised ? (values.advertisedAt ?? new Date()) : null,
    deletedAt: values.deleted ? new Date() : null,
    postedAt: values.postedAt ?? new Date(),
    photos: values.photos ?? 1,
  });
  return product.id;
}
