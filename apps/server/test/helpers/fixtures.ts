/**
 * Rows written straight to the database, so a module's tests need no other module's routes. Only what a
 * test cares about is given; everything else gets valid defaults.
 */
import { randomUUID } from 'node:crypto';
import { asc } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { categories, productPhotos, products } from '../../src/db/schema.js';

export async function firstCategoryId(db: Db): Promise<string> {
  const [category] = await db
    .select({ id: categories.id })
    .from(categories)
    .orderBy(asc(categories.position))
    .limit(1);
  if (!category) throw new Error('no categories: reference data missing');
  return category.id;
}

export type ProductValues = Partial<typeof products.$inferInsert> & {
  /** How many photo rows to attach, in position order (default 1). */
  photos?: number;
};

export async function insertProductRow(
  db: Db,
  sellerId: string,
  { photos = 1, ...values }: ProductValues = {},
): Promise<{ id: string; title: string; sellingPriceCents: number }> {
  const [product] = await db
    .insert(products)
    .values({
      sellerId,
      categoryId: values.categoryId ?? (await firstCategoryId(db)),
      title: `Oak chair ${randomUUID().slice(0, 6)}`,
      description: 'Solid oak, lightly used.',
      phone: '+8801711000000',
      location: 'Dhaka',
      condition: 'good',
      originalPriceCents: 50_000,
      sellingPriceCents: 10_000,
      currency: 'USD',
      yearsUsed: 2,
      ...values,
    })
    .returning({ id: products.id, title: products.title, sellingPriceCents: products.sellingPriceCents });
  if (photos > 0) {
    await db.insert(productPhotos).values(
      Array.from({ length: photos }, (_, position) => {
        const key = randomUUID();
        return {
          ownerId: sellerId,
          productId: product!.id,
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
  return product!;
}
