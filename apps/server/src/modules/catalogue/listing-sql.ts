/**
 * The SQL of a listing (a category, a seller's page, the advertised list, and the filters and orders a
 * buyer picks): one statement answers a page's cards with their sellers and photos, built as JSON by the
 * database, and the listing's count, capped. A search reads its page through the same parts
 * (search-sql.ts). Only what a buyer may see is ever read: available, not removed, from a seller not
 * removed.
 *
 * What keeps a page cheap however large the catalogue (decisions 0015, 0018):
 * - the total is counted exactly up to TOTAL_CAP and answered as "at least that many" beyond it;
 * - a page's ids are found first from a covering index (one per sort), skipping earlier pages without
 *   reading their rows, and only the page's own rows are then read and joined with their sellers;
 * - each shape of listing (the filters it uses and its order) is one prepared statement.
 */
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gte, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Opening, ProductCardPage, ProductSearchQuery, ProductSort } from '@furniture-mart/shared';
import { fitsThrough } from './fit-sql.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { jsonObject } from '../../platform/db/json.js';
import { preparedStatements } from '../../platform/db/prepared.js';
import { productPhotos, products, users } from '../../platform/db/schema.js';
import { dimensionColumns, photoColumns, previousPrice, type PhotoRow } from '../products/index.js';

/**
 * Totals are counted exactly up to here; a listing with more says "1,000+" (as Elasticsearch's
 * track_total_hits does): counting every row of a large category cost more than reading its page,
 * and more than forty pages of a listing is a number nobody pages through (decision 0018).
 */
export const TOTAL_CAP = 1_000;

/** A page of cards, with whether its total stopped at TOTAL_CAP. */
export type CardPage = ProductCardPage;

/** What a buyer filters by (the query schema's own fields), and what the product pages list by. */
export type CardFilter = Partial<
  Pick<
    ProductSearchQuery,
    'q' | 'minPriceCents' | 'maxPriceCents' | 'condition' | 'location' | 'district' | 'area'
  >
> & {
  categoryId?: string;
  /** One seller's listings (their page). */
  sellerId?: string;
  advertisedOnly?: boolean;
  /** "Fits my home": the viewer's saved openings, every one of which a piece must pass. */
  openings?: Opening[];
};

/** `advertised` puts the most recently advertised first; `best` is for searches (search-sql.ts). */
export type CardOrder = ProductSort | 'advertised';

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
export const visible = sql`${products.status} = 'available' and ${products.deletedAt} is null`;

/**
 * Removing a seller removes their products too, so this rarely matters; it keeps the count honest
 * without joining every listed row to its seller (the count then reads one index only).
 */
const sellerNotRemoved = sql`${products.sellerId} not in (select ${users.id} from ${users} where ${users.deletedAt} is not null)`;

/** The values a listing's statement reads, by name. */
type CardValues = Omit<CardFilter, 'q' | 'advertisedOnly' | 'openings'> & { limit: number; offset: number };

/**
 * How a value enters a statement: a placeholder in a prepared statement, or the value itself in a
 * statement planned for it (searches).
 */
export type Bind = <K extends keyof CardValues>(
  name: K,
  value: NonNullable<CardValues[K]>,
) => NonNullable<CardValues[K]>;
const asPlaceholder: Bind = (name) => sql.placeholder(name) as never;
export const asValue: Bind = (_, value) => value;

/** What a listing keeps: the filters (not its words: a search adds its own condition as `text`). */
export function whereOf(filter: CardFilter, bind: Bind, text?: SQL): SQL | undefined {
  const conditions: SQL[] = [visible, sellerNotRemoved];
  if (filter.categoryId) conditions.push(eq(products.categoryId, bind('categoryId', filter.categoryId)));
  if (filter.sellerId) conditions.push(eq(products.sellerId, bind('sellerId', filter.sellerId)));
  if (filter.minPriceCents !== undefined)
    conditions.push(gte(products.sellingPriceCents, bind('minPriceCents', filter.minPriceCents)));
  if (filter.maxPriceCents !== undefined)
    conditions.push(lte(products.sellingPriceCents, bind('maxPriceCents', filter.maxPriceCents)));
  if (filter.condition) conditions.push(eq(products.condition, bind('condition', filter.condition)));
  if (filter.location) conditions.push(eq(products.location, bind('location', filter.location)));
  // Places cascade (decision 0042): an area lies in its district, a district in its division.
  if (filter.district) conditions.push(eq(products.district, bind('district', filter.district)));
  if (filter.area) conditions.push(eq(products.area, bind('area', filter.area)));
  if (filter.advertisedOnly) conditions.push(sql`${products.advertised}`);
  if (filter.openings) conditions.push(fitsThrough(filter.openings));
  if (text) conditions.push(text);
  return and(...conditions);
}

/** A listing's order; `best` comes with the search's rank, which goes first. */
export function orderOf(order: CardOrder, rank: SQL[] = []): SQL[] {
  // Ties end on the id so a product never shows on two pages or on none.
  const newest = [desc(products.postedAt), desc(products.id)];
  switch (order) {
    case 'price_asc':
      return [asc(products.sellingPriceCents), ...newest];
    case 'price_desc':
      return [desc(products.sellingPriceCents), ...newest];
    case 'advertised':
      return [sql`${products.advertisedAt} desc nulls last`, ...newest];
    case 'best':
      return [...rank, ...newest];
    case 'newest':
      return newest;
  }
}

/** Which filters a request uses and its order: requests of one shape share one prepared statement. */
export function shapeOf(filter: CardFilter, order: CardOrder): string {
  const used = (Object.keys(filter) as (keyof CardFilter)[])
    .filter((key) => filter[key] !== undefined)
    .sort();
  return `${used.join('_') || 'all'}__${order}`;
}

/**
 * A listing statement's name for one shape. PostgreSQL cuts names at 63 characters, and shapes that
 * differ only in their order could then share a name; a digest of the shape keeps each one apart.
 */
export function statementName(shape: string): string {
  return `cards_${createHash('sha256').update(shape).digest('hex').slice(0, 24)}`;
}

/**
 * Newest first within a price range, in no one town: the plan PostgreSQL keeps for every value of a
 * statement cannot tell how much of the listing a range holds, so it takes the price index and sorts
 * every product in the range, where a plan made for the range's own values walks the date index to the
 * page. These listings are planned on every run; for the others the kept plan costs less than planning
 * (decision 0031).
 */
export function plannedForItsValues(filter: CardFilter, order: CardOrder): boolean {
  const priced = filter.minPriceCents !== undefined || filter.maxPriceCents !== undefined;
  const placed = filter.location !== undefined || filter.district !== undefined || filter.area !== undefined;
  return order === 'newest' && priced && !placed;
}

/** PostgreSQL's unnamed statement: parsed and planned again each time it is run, for its values. */
const UNNAMED = '';

/** What a card shows of a product and its seller. */
const cardColumns = {
  id: products.id,
  title: products.title,
  description: products.description,
  categoryId: products.categoryId,
  location: products.location,
  district: products.district,
  area: products.area,
  condition: products.condition,
  sellingPriceCents: products.sellingPriceCents,
  originalPriceCents: products.originalPriceCents,
  previousPriceCents: previousPrice,
  yearsUsed: products.yearsUsed,
  postedAt: products.postedAt,
  ...dimensionColumns,
  sellerId: users.id,
  sellerName: users.name,
  sellerVerified: users.verified,
  // The rating's parts, kept on the seller's row: no join per card (issue 41).
  sellerReviewCount: users.reviewCount,
  sellerRatingSum: users.ratingSum,
};

/** A card as the database builds it in JSON: the date as text. */
export type CardJson = Omit<SelectResultFields<typeof cardColumns>, 'postedAt'> & { postedAt: string };
export type PhotoJson = PhotoRow & { productId: string };

/** What a listing or a search read: its page's cards and their photos, and its capped count. */
export interface ListingRead {
  cards: CardJson[];
  photos: PhotoJson[];
  counted: number;
}

/**
 * A page and its capped count from the products `where` holds, in `order`, as one statement's parts: the
 * count stops after TOTAL_CAP + 1 rows (a window count would read every matching row); the page's ids
 * come first, alone, so OFFSET skips index entries instead of reading and joining every row of earlier
 * pages; a page past the end of a counted listing is not looked for (the walk to it would read every
 * matching entry). The cards (in the listing's order) and photos (in the seller's) are built as JSON.
 */
export function pageStatement(
  where: SQL | undefined,
  sorted: SQL[],
  page: { limit: SQL | Placeholder | number; offset: SQL | Placeholder | number },
) {
  const order = sql.join(sorted, sql`, `);
  const photo = jsonObject({ productId: productPhotos.productId, ...photoColumns });
  return sql`with counted as (
      select count(*)::int as n from (select 1 from ${products} where ${where} limit ${TOTAL_CAP + 1}) capped),
    page_ids as (
      select ${products.id} from ${products}
      where ${where} and (select n from counted) > least(${page.offset}::int, ${TOTAL_CAP}::int)
      order by ${order} limit ${page.limit} offset ${page.offset})
    select (select n from counted) as n,
      (select coalesce(json_agg(${jsonObject(cardColumns)} order by ${order}), '[]'::json)
        from page_ids inner join ${products} on ${products.id} = page_ids.id
        inner join ${users} on ${users.id} = ${products.sellerId}) as cards,
      (select coalesce(json_agg(${photo} order by ${productPhotos.productId}, ${productPhotos.position}), '[]'::json)
        from ${productPhotos} where ${productPhotos.productId} in (select id from page_ids)) as photos`;
}

function prepareListing(db: DbOrTx, request: CardPageRequest, shape: string) {
  const { filter, order } = request;
  const statement = pageStatement(whereOf(filter, asPlaceholder), orderOf(order), {
    limit: sql.placeholder('limit'),
    offset: sql.placeholder('offset'),
  });
  return db
    .select({ n: sql<number>`n`, cards: sql<CardJson[]>`cards`, photos: sql<PhotoJson[]>`photos` })
    .from(sql`(${statement}) as listing`)
    .prepare(plannedForItsValues(filter, order) || filter.openings ? UNNAMED : statementName(shape));
}

type Listing = ReturnType<typeof prepareListing>;
const listings = preparedStatements<string, Listing>();

/**
 * A listing's page of cards with their photos, and its capped count. Listings are prepared once per
 * database handle and shape (a few dozen at most): PostgreSQL then parses them once per connection and
 * can reuse their plan, and planning most of these costs more than running them.
 */
export async function readListing(db: DbOrTx, request: CardPageRequest): Promise<ListingRead> {
  const { filter, page, pageSize } = request;
  const shape = shapeOf(filter, request.order);
  // A home's openings are written into the statement: it is made for this request alone.
  const statement = filter.openings
    ? prepareListing(db, request, shape)
    : listings(db, shape, () => prepareListing(db, request, shape));
  const { q: _words, advertisedOnly: _advertised, openings: _openings, ...values } = filter;
  const [read] = await statement.execute({ ...values, limit: pageSize, offset: (page - 1) * pageSize });
  return { cards: read!.cards, photos: read!.photos, counted: read!.n };
}
