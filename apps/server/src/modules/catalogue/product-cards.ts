/**
 * One page of product cards in three prepared statements whatever the page size: the cards (joined
 * with their seller) and the total, side by side, then the photos of all of them at once.
 * Only products a buyer may see are ever read: available, not removed, from a seller not removed.
 *
 * What keeps a page cheap however large the catalogue (docs/decisions/0015-fast-listings.md):
 * - the total is counted exactly up to TOTAL_CAP and answered as "at least that many" beyond it;
 * - a page's ids are found first from a covering index (one per sort), skipping earlier pages without
 *   reading their rows, and only the page's own rows are then read and joined with their sellers;
 * - search reads the stored tsvector (GIN) for whole words and trigrams (pg_trgm, GIN) for parts of
 *   words.
 */
import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Condition, Location, ProductCard, ProductCardPage, ProductSort } from '@furniture-mart/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { productPhotos, products, users } from '../../platform/db/schema.js';
import type { ImageStore } from '../../platform/images/store.js';
import { photoColumns, toPhoto } from '../products/photos.js';
import { previousPrice } from '../products/product-sql.js';

/**
 * Totals are counted exactly up to here; a listing with more says "10,000+" (as Elasticsearch's
 * track_total_hits does): counting every row of a large category cost more than reading its page.
 */
export const TOTAL_CAP = 10_000;

/** A page of cards, with whether its total stopped at TOTAL_CAP. */
export type CardPage = ProductCardPage;

export interface CardFilter {
  categoryId?: string;
  /** One seller's listings (their page). */
  sellerId?: string;
  /**
   * Words to find in title and description: whole words and their forms through full-text search
   * (english configuration), or every word of three letters or more as part of a word (pg_trgm).
   */
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

/** The text parts of words are looked for in; the trigram index is built on exactly this expression. */
const searchText = sql`(${products.title} || ' ' || ${products.description})`;

/** Shorter parts would match nearly everything, and trigrams cannot find them through the index. */
const MIN_PART_LENGTH = 3;
/** Parts looked for at most (a placeholder each, so a bound keeps the prepared statements few). */
const MAX_PARTS = 6;
const MAX_EXCLUDED_PARTS = 3;

/**
 * The parts of words a search asks for and those it excludes, as websearch_to_tsquery reads the same
 * text: `-word` excludes, a bare "or" joins; everything but letters and digits separates words, so no
 * part carries a LIKE wildcard or escape. Lower case, because the patterns are matched with ILIKE.
 */
export function partsOf(q: string): { included: string[]; excluded: string[] } {
  const included: string[] = [];
  const excluded: string[] = [];
  for (const token of q.toLowerCase().split(/\s+/u)) {
    if (token === 'or') continue;
    const target = token.startsWith('-') ? excluded : included;
    for (const word of token.match(/[\p{L}\p{N}]+/gu) ?? []) {
      if (word.length >= MIN_PART_LENGTH && !target.includes(word)) target.push(word);
    }
  }
  return { included: included.slice(0, MAX_PARTS), excluded: excluded.slice(0, MAX_EXCLUDED_PARTS) };
}

/** Which filters a request uses and its order: requests of one shape share one prepared statement. */
export function shapeOf(filter: CardFilter, order: CardOrder): string {
  const used = (Object.keys(filter) as (keyof CardFilter)[])
    .filter((key) => filter[key] !== undefined)
    .sort();
  // A search's statement also depends on how many parts of words it looks for and excludes.
  const parts = filter.q ? partsOf(filter.q) : null;
  const searched = parts ? `__p${parts.included.length}x${parts.excluded.length}` : '';
  return `${used.join('_') || 'all'}__${order}${searched}`;
}

/**
 * A whole-word match, or every included part inside title or description and no excluded one. ILIKE
 * with a pattern placeholder still reads the trigram index: GIN takes the trigrams when it runs.
 */
function searchCondition(q: string): SQL {
  const fullText = sql`${products.search} @@ ${searchQuery}`;
  const { included, excluded } = partsOf(q);
  if (included.length === 0) return fullText;
  const parts = [
    ...included.map((_, i) => sql`${searchText} ilike ${sql.placeholder(`part${i}`)}`),
    ...excluded.map((_, i) => sql`${searchText} not ilike ${sql.placeholder(`excluded${i}`)}`),
  ];
  return sql`(${fullText} or (${sql.join(parts, sql` and `)}))`;
}

/** The placeholder values of searchCondition. */
function partValues(q: string | undefined): Record<string, string> {
  if (!q) return {};
  const { included, excluded } = partsOf(q);
  const values: Record<string, string> = {};
  included.forEach((part, i) => (values[`part${i}`] = `%${part}%`));
  excluded.forEach((part, i) => (values[`excluded${i}`] = `%${part}%`));
  return values;
}

function whereOf(filter: CardFilter): SQL | undefined {
  const conditions: SQL[] = [visible, sellerNotRemoved];
  if (filter.categoryId) conditions.push(eq(products.categoryId, sql.placeholder('categoryId')));
  if (filter.sellerId) conditions.push(eq(products.sellerId, sql.placeholder('sellerId')));
  if (filter.minPriceCents !== undefined)
    conditions.push(gte(products.sellingPriceCents, sql.placeholder('minPriceCents')));
  if (filter.maxPriceCents !== undefined)
    conditions.push(lte(products.sellingPriceCents, sql.placeholder('maxPriceCents')));
  if (filter.condition) conditions.push(eq(products.condition, sql.placeholder('condition')));
  if (filter.location) conditions.push(eq(products.location, sql.placeholder('location')));
  if (filter.advertisedOnly) conditions.push(sql`${products.advertised}`);
  if (filter.q) conditions.push(searchCondition(filter.q));
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
  const sorted = orderOf(order, filter);
  // The page's ids alone: OFFSET then skips index entries (index-only on the covering listing indexes)
  // instead of reading and joining every row of the earlier pages.
  const pageIds = db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...sorted)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page_ids');
  // Stops after TOTAL_CAP + 1 rows: enough to tell an exact total from "more than the cap".
  const capped = db
    .select({ one: sql`1`.as('one') })
    .from(products)
    .where(where)
    .limit(TOTAL_CAP + 1)
    .as('capped');
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
        previousPriceCents: previousPrice,
        yearsUsed: products.yearsUsed,
        postedAt: products.postedAt,
        widthCm: products.widthCm,
        depthCm: products.depthCm,
        heightCm: products.heightCm,
        sellerId: users.id,
        sellerName: users.name,
        sellerVerified: users.verified,
      })
      .from(pageIds)
      .innerJoin(products, eq(products.id, pageIds.id))
      .innerJoin(users, eq(users.id, products.sellerId))
      .orderBy(...sorted)
      .prepare(statementName('page', shape)),
    // A window count(*) would make the page read every matching row; a separate count reads an index.
    count: db.select({ n: count() }).from(capped).prepare(statementName('count', shape)),
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
): Promise<CardPage> {
  const statements = statementsFor(db, filter, order);
  const values = { ...filter, ...partValues(filter.q), limit: pageSize, offset: (page - 1) * pageSize };
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
      previousPriceCents: row.previousPriceCents,
      yearsUsed: row.yearsUsed,
      postedAt: row.postedAt.toISOString(),
      dimensionsCm: { width: row.widthCm, depth: row.depthCm, height: row.heightCm },
      seller: { id: row.sellerId, name: row.sellerName, verified: row.sellerVerified },
      photos: photos.get(row.id) ?? [],
    })),
    page,
    pageSize,
    total: Math.min(counted?.n ?? 0, TOTAL_CAP),
    totalCapped: (counted?.n ?? 0) > TOTAL_CAP,
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
