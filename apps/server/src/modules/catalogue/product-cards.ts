/**
 * One page of product cards in three statements whatever the page size: the cards (joined with their
 * seller) and the total, side by side, then the photos of all of them at once.
 * Only products a buyer may see are ever read: available, not removed, from a seller not removed.
 */
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Condition, Location, Page, ProductCard, ProductSort } from '@furniture-mart/shared';
import type { DbOrTx } from '../../db/client.js';
import { productPhotos, products, users } from '../../db/schema.js';
import type { ImageStore } from '../../images/store.js';
import { toPhoto } from '../../domain/photos.js';

export interface CardFilter {
  categoryId?: string;
  /** Words to find in title and description (PostgreSQL full-text search, english configuration). */
  q?: string;
  minPriceCents?: number;
  maxPriceCents?: number;
  condition?: Condition;
  location?: Location;
  advertisedOnly?: boolean;
}

/** `relevance` ranks full-text matches; `advertised` puts the most recently advertised first. */
export type CardOrder = ProductSort | 'relevance' | 'advertised';

export interface CardPageRequest {
  filter: CardFilter;
  order: CardOrder;
  page: number;
  pageSize: number;
}

const visible = [eq(products.status, 'available'), isNull(products.deletedAt)];

/**
 * Removing a seller removes their products too, so this rarely matters; it keeps the count honest
 * without joining every listed row to its seller (the count then reads one index only).
 */
const sellerNotRemoved = sql`${products.sellerId} not in (select ${users.id} from ${users} where ${users.deletedAt} is not null)`;

function whereOf(filter: CardFilter, query: SQL | null): SQL | undefined {
  const conditions: SQL[] = [...visible, sellerNotRemoved];
  if (filter.categoryId) conditions.push(eq(products.categoryId, filter.categoryId));
  if (filter.minPriceCents !== undefined)
    conditions.push(gte(products.sellingPriceCents, filter.minPriceCents));
  if (filter.maxPriceCents !== undefined)
    conditions.push(lte(products.sellingPriceCents, filter.maxPriceCents));
  if (filter.condition) conditions.push(eq(products.condition, filter.condition));
  if (filter.location) conditions.push(eq(products.location, filter.location));
  if (filter.advertisedOnly) conditions.push(eq(products.advertised, true));
  if (query) conditions.push(sql`${products.search} @@ ${query}`);
  return and(...conditions);
}

function orderOf(order: CardOrder, query: SQL | null): SQL[] {
  // Ties end on the id so a product never shows on two pages or on none.
  const newest = [desc(products.postedAt), desc(products.id)];
  switch (order) {
    case 'price_asc':
      return [asc(products.sellingPriceCents), ...newest];
    case 'price_desc':
      return [desc(products.sellingPriceCents), ...newest];
    case 'advertised':
      return [sql`${products.advertisedAt} desc nulls last`, ...newest];
    case 'relevance':
      return query ? [desc(sql`ts_rank(${products.search}, ${query})`), ...newest] : newest;
    case 'newest':
      return newest;
  }
}

export async function loadCardPage(
  db: DbOrTx,
  images: ImageStore,
  { filter, order, page, pageSize }: CardPageRequest,
): Promise<Page<ProductCard>> {
  // websearch_to_tsquery accepts anything a person types (quotes, "or", -word) without syntax errors.
  const query = filter.q ? sql`websearch_to_tsquery('english', ${filter.q})` : null;
  const where = whereOf(filter, query);

  const pageRows = db
    .select({
      id: products.id,
      title: products.title,
      description: products.description,
      categoryId: products.categoryId,
      location: products.location,
      condition: products.condition,
      sellingPriceCents: products.sellingPriceCents,
      originalPriceCents: products.originalPriceCents,
      yearsUsed: products.yearsUsed,
      postedAt: products.postedAt,
      widthCm: products.widthCm,
      depthCm: products.depthCm,
      heightCm: products.heightCm,
      sellerId: users.id,
      sellerName: users.name,
      sellerVerified: users.verified,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(where)
    .orderBy(...orderOf(order, query))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  // A window count(*) would make the page read every matching row; a separate count reads an index.
  const counting = db.select({ n: count() }).from(products).where(where);
  const [rows, [counted]] = await Promise.all([pageRows, counting]);
  const total = counted?.n ?? 0;

  const photosByProduct = await loadPhotos(
    db,
    images,
    rows.map((row) => row.id),
  );

  return {
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      categoryId: row.categoryId,
      location: row.location as Location,
      condition: row.condition,
      sellingPriceCents: row.sellingPriceCents,
      originalPriceCents: row.originalPriceCents,
      yearsUsed: row.yearsUsed,
      postedAt: row.postedAt.toISOString(),
      dimensionsCm: { width: row.widthCm, depth: row.depthCm, height: row.heightCm },
      seller: { id: row.sellerId, name: row.sellerName, verified: row.sellerVerified },
      photos: photosByProduct.get(row.id) ?? [],
    })),
    page,
    pageSize,
    total,
  };
}

async function loadPhotos(db: DbOrTx, images: ImageStore, productIds: string[]) {
  const byProduct = new Map<string, ProductCard['photos']>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({
      productId: productPhotos.productId,
      displayKey: productPhotos.displayKey,
      thumbKey: productPhotos.thumbKey,
      width: productPhotos.width,
      height: productPhotos.height,
      thumbWidth: productPhotos.thumbWidth,
      thumbHeight: productPhotos.thumbHeight,
    })
    .from(productPhotos)
    .where(inArray(productPhotos.productId, productIds))
    .orderBy(asc(productPhotos.productId), asc(productPhotos.position));
  for (const row of rows) {
    const list = byProduct.get(row.productId!) ?? [];
    list.push(toPhoto(images, row));
    byProduct.set(row.productId!, list);
  }
  return byProduct;
}
