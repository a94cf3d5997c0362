/**
 * One page of product cards in three prepared statements whatever the page size: the cards (joined
 * with their seller) and the total, side by side, then the photos of all of them at once.
 * Only products a buyer may see are ever read: available, not removed, from a seller not removed.
 */
import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Condition, Location, Page, ProductCard, ProductSort } from '@furniture-mart/shared';
import type { DbOrTx } from '../../db/client.js';
import { productPhotos, products, users } from '../../db/schema.js';
import type { ImageStore } from '../../images/store.js';
import { photoColumns, toPhoto } from '../../domain/photos.js';

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

/**
 * Visibility is written into the SQL rather than sent as parameters, so a prepared statement's generic
 * plan still matches the partial listing indexes (whose predicate is exactly this).
 */
const visible = sql`${products.status} = 'available' and ${products.deletedAt} is null`;

/**
 * Removing a seller removes their products too, so this rarely matters; it keeps the count honest
 * without joining every listed row to its seller (the count then reads one index only).
 */
const sellerNotRemoved = sql`${products.sellerId} not in (select ${users.id} from ${users} where ${users.deletedAt} is not null)`;

/** websearch_to_tsquery accepts anything a person types (quotes, "or", -word) without syntax errors. */
const searchQuery = sql`websearch_to_tsquery('english', ${sql.placeholder('q')})`;

/** Which filters a request uses and its order: requests of one shape share one prepared statement. */
export function shapeOf(filter: CardFilter, order: CardOrder): string {
  const used = (Object.keys(filter) as (keyof CardFilter)[])
    .filter((key) => filter[key] !== undefined)
    .sort();
  return `${used.join('_') || 'all'}__${order}`;
}

function whereOf(filter: CardFilter): SQL | undefined {
  const conditions: SQL[] = [visible, sellerNotRemoved];
  if (filter.categoryId) conditions.push(eq(products.categoryId, sql.placeholder('categoryId')));
  if (filter.minPriceCents !== undefined)
    conditions.push(gte(products.sellingPriceCents, sql.placeholder('minPriceCents')));
  if (filter.maxPriceCents !== undefined)
    conditions.push(lte(products.sellingPriceCents, sql.placeholder('maxPriceCents')));
  if (filter.condition) conditions.push(eq(products.condition, sql.placeholder('condition')));
  if (filter.location) conditions.push(eq(products.location, sql.placeholder('location')));
  if (filter.advertisedOnly) conditions.push(sql`${products.advertised}`);
  if (filter.q) conditions.push(sql`${products.search} @@ ${searchQuery}`);
  return and(...conditions);
}

function orderOf(order: CardOrder, filter: CardFilter): SQL[] {
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
      return filter.q ? [desc(sql`ts_rank(${products.search}, ${searchQuery})`), ...newest] : newest;
    case 'newest':
      return newest;
  }
}

/**
 * A prepared statement's name for one shape. PostgreSQL cuts names at 63 characters, and shapes that
 * differ only in their order could then share a name; a digest of the shape keeps each one apart.
 */
export function statementName(kind: 'page' | 'count', shape: string): string {
  return `cards_${kind}_${createHash('sha256').update(shape).digest('hex').slice(0, 24)}`;
}

/** The page and the count of one shape, with every value a placeholder. */
function prepareStatements(db: DbOrTx, filter: CardFilter, order: CardOrder, shape: string) {
  const where = whereOf(filter);
  return {
    page: db
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
      .orderBy(...orderOf(order, filter))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(statementName('page', shape)),
    // A window count(*) would make the page read every matching row; a separate count reads an index.
    count: db.select({ n: count() }).from(products).where(where).prepare(statementName('count', shape)),
  };
}

type Statements = ReturnType<typeof prepareStatements>;

/**
 * The photos of a page's products, in order. A separate statement rather than a subquery in the page:
 * PostgreSQL would build the photos of every row an OFFSET skips too.
 */
function preparePhotos(db: DbOrTx) {
  return db
    .select({ productId: productPhotos.productId, ...photoColumns })
    .from(productPhotos)
    .where(sql`${productPhotos.productId} = any(${sql.placeholder('ids')}::uuid[])`)
    .orderBy(asc(productPhotos.productId), asc(productPhotos.position))
    .prepare('cards_photos');
}
const preparedPhotos = new WeakMap<DbOrTx, ReturnType<typeof preparePhotos>>();
const prepared = new WeakMap<DbOrTx, Map<string, Statements>>();

/**
 * Statements are prepared once per database handle and shape (a few dozen at most): PostgreSQL then
 * parses them once per connection and can reuse their plan, and planning these costs more than
 * running them.
 */
function statementsFor(db: DbOrTx, filter: CardFilter, order: CardOrder): Statements {
  let byShape = prepared.get(db);
  if (!byShape) prepared.set(db, (byShape = new Map()));
  const shape = shapeOf(filter, order);
  let statements = byShape.get(shape);
  if (!statements) byShape.set(shape, (statements = prepareStatements(db, filter, order, shape)));
  return statements;
}

export async function loadCardPage(
  db: DbOrTx,
  images: ImageStore,
  { filter, order, page, pageSize }: CardPageRequest,
): Promise<Page<ProductCard>> {
  const statements = statementsFor(db, filter, order);
  const values = { ...filter, limit: pageSize, offset: (page - 1) * pageSize };
  const [rows, [counted]] = await Promise.all([
    statements.page.execute(values),
    statements.count.execute(values),
  ]);
  const photos = await loadPhotos(
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
      photos: photos.get(row.id) ?? [],
    })),
    page,
    pageSize,
    total: counted?.n ?? 0,
  };
}

async function loadPhotos(db: DbOrTx, images: ImageStore, ids: string[]) {
  const byProduct = new Map<string, ProductCard['photos']>();
  if (ids.length === 0) return byProduct;
  let statement = preparedPhotos.get(db);
  if (!statement) preparedPhotos.set(db, (statement = preparePhotos(db)));
  for (const row of await statement.execute({ ids })) {
    const list = byProduct.get(row.productId!) ?? [];
    list.push(toPhoto(images, row));
    byProduct.set(row.productId!, list);
  }
  return byProduct;
}
