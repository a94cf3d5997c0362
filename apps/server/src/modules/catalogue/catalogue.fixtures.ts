/**
 * Test data written straight to the database, so the catalogue tests do not depend on the seller's
 * routes. Only the columns a test cares about are parameters; the rest get valid defaults.
 */
import { randomUUID } from 'node:crypto';
import { asc } from 'drizzle-orm';
import type { Condition, Location } from '@furniture-mart/shared';
import type { Db } from '../../db/client.js';
import { categories, productPhotos, products } from '../../db/schema.js';

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
  const [row] = await db
    .insert(products)
    .values({
      sellerId: values.sellerId,
      categoryId: values.categoryId,
      title: values.title ?? `Oak chair ${randomUUID().slice(0, 6)}`,
      description: values.description ?? 'Solid oak, lightly used.',
      phone: values.phone ?? '+8801711000000',
      location: values.location ?? 'Dhaka',
      condition: values.condition ?? 'good',
      originalPriceCents: values.originalPriceCents ?? 50_000,
      sellingPriceCents: values.priceCents ?? 10_000,
      currency: 'USD',
      yearsUsed: 2,
      status: values.status ?? 'available',
      advertised: values.advertised ?? false,
      advertisedAt: values.advertised ? (values.advertisedAt ?? new Date()) : null,
      deletedAt: values.deleted ? new Date() : null,
      postedAt: values.postedAt ?? new Date(),
    })
    .returning({ id: products.id });
  const productId = row!.id;
  const photoCount = values.photos ?? 1;
  if (photoCount > 0) {
    await db.insert(productPhotos).values(
      Array.from({ length: photoCount }, (_, position) => {
        const key = randomUUID();
        return {
          ownerId: values.sellerId,
          productId,
          position,
          displayKey: `${key}-display.webp`,
          thumbKey: `${key}-thumb.webp`,
          width: 1600,
          height: 1200,
          thumbWidth: 400,
          thumbHeight: 300,
          bytes: 1000,
        };
      }),
    );
  }
  return productId;
}
