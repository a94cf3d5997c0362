/**
 * One page of product cards whatever the page size: for a listing, one statement gives the cards
 * (joined with their seller), the capped total and the photos; a search reads its page's cards and
 * photos with its matches, or by their ids when it walked to them (readSearch).
 * Only products a buyer may see are ever read: available, not removed, from a seller not removed.
 *
 * What keeps a page cheap however large the catalogue (docs/decisions/0015-fast-listings.md,
 * docs/decisions/0018-listings-without-a-cache.md):
 * - the total is counted exactly up to TOTAL_CAP and answered as "at least that many" beyond it;
 * - a page's ids are found first from a covering index (one per sort), skipping earlier pages without
 *   reading their rows, and only the page's own rows are then read and joined with their sellers;
 * - search reads the stored tsvector (GIN, visible products only), each word whole or as the start of
 *   a word, a start asked as the whole words that start so (search_words, decision 0023); trigrams
 *   (pg_trgm) find parts inside words only when that finds nothing.
 */
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Condition, Location, ProductCard, ProductCardPage, ProductSort } from '@furniture-mart/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { jsonObject } from '../../platform/db/json.js';
import { preparedStatements } from '../../platform/db/prepared.js';
import { productPhotos, products, searchWords, users } from '../../platform/db/schema.js';
import type { ImageStore } from '../../platform/images/store.js';
import { photoColumns, toPhoto, type PhotoRow } from '../products/photos.js';
import { previousPrice } from '../products/product-sql.js';
import { estimatedRows } from './planner-estimates.js';
import { bandedSearch, bandsCost, bandsFor, farthestBand, readSpread } from './search-bands.js';

/**
 * Totals are counted exactly up to here; a listing with more says "1,000+" (as Elasticsearch's
 * track_total_hits does): counting every row of a large category cost more than reading its page,
 * and more than forty pages of a listing is a number nobody pages through (decision 0018).
 */
export const TOTAL_CAP = 1_000;

/** A page of cards, with whether its total stopped at TOTAL_CAP. */
export type CardPage = ProductCardPage;

export interface CardFilter {
  categoryId?: string;
  /** One seller's listings (their page). */
  sellerId?: string;
  /**
   * Words to find in title and description: whole words and their forms, or the start of each word,
   * through full-text search (english configuration); when that finds nothing, every word of three
   * letters or more as a part of a word (pg_trgm).
   */
  q?: string;
  /** Set on the second try of a search that found nothing: parts inside words (trigrams). */
  insideWords?: boolean;
  minPriceCents?: number;
  maxPriceCents?: number;
  condition?: Condition;
  location?: Location;
  advertisedOnly?: boolean;
}

/** `advertised` puts the most recently advertised first. */
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
const visible = sql`${products.status} = 'available' and ${products.deletedAt} is null`;

/**
 * Removing a seller removes their products too, so this rarely matters; it keeps the count honest
 * without joining every listed row to its seller (the count then reads one index only).
 */
const sellerNotRemoved = sql`${products.sellerId} not in (select ${users.id} from ${users} where ${users.deletedAt} is not null)`;

/** The text parts of words are looked for in; the trigram index is built on exactly this expression. */
const searchText = sql`(${products.title} || ' ' || ${products.description})`;

/** Shorter parts would match nearly everything, and trigrams cannot find them through the index. */
const MIN_PART_LENGTH = 3;
/** Parts looked for at most: each one is another condition of the search's statement. */
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
  return `${used.join('_') || 'all'}__${order}`;
}

/** Most stored words the start of one word may stand for; a start of more is asked of the index as a start. */
export const MAX_WORDS_PER_START = 100;

/** A lexeme of a part of a search, and the stored words that start with it (one more than the most). */
export interface WordStart {
  /** The part's place among those asked for, from 1. */
  part: number;
  lexeme: string;
  words: string[];
}

/**
 * Each part as full text reads it ("carving" is "carv", a stop word is nothing), with the stored words
 * that start with each of its lexemes, in one statement. The words are one range of the byte-ordered
 * index (the last code point bounds it); asking them in another order would read the whole table.
 */
async function readWordStarts(db: DbOrTx, parts: string[]): Promise<WordStart[]> {
  const given = sql.join(
    parts.map((part, i) => sql`(${part}::text, ${i + 1}::int)`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    select given.i as part, l.lexeme, array(select w.word from ${searchWords} w
        where w.word ~>=~ l.lexeme and w.word ~<~ (l.lexeme || chr(1114111))
        limit ${MAX_WORDS_PER_START + 1})::text[] as words
      from (values ${given}) as given(part, i),
        unnest(tsvector_to_array(to_tsvector('english', given.part))) as l(lexeme)`)) as unknown as {
    rows: WordStart[];
  };
  return result.rows;
}

/** A lexeme as tsquery input reads it literally, whatever it holds. */
export function tsLexeme(word: string): string {
  return `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * `(word | word) & (word) & !excluded` for the starts of words found in search_words: each included
 * lexeme by the whole words that start with it, or as a start (`lexeme:*`) when more than
 * MAX_WORDS_PER_START do; excluded lexemes whole, as to_tsquery reads `!part`. Null when it can match
 * nothing: a start no word has, or only stop words. `included` parts come first in `starts`.
 */
export function wordStartsQuery(starts: WordStart[], included: number): string | null {
  const required: string[] = [];
  const excluded: string[] = [];
  for (const { part, lexeme, words } of starts) {
    if (part > included) excluded.push(`!${tsLexeme(lexeme)}`);
    else if (words.length === 0) return null;
    else if (words.length > MAX_WORDS_PER_START) required.push(`${tsLexeme(lexeme)}:*`);
    else required.push(`(${words.map(tsLexeme).join(' | ')})`);
  }
  if (required.length === 0) return null;
  return [...required, ...excluded].join(' & ');
}

/**
 * Only words and -words: then whatever matches the words whole (websearch_to_tsquery) also matches
 * their starts, and the starts alone say what a search finds. Quotes, "or" and other signs keep both.
 */
export function onlyPlainWords(q: string): boolean {
  const tokens = q.toLowerCase().split(/\s+/u).filter(Boolean);
  return tokens.every((token) => token !== 'or' && /^-?[\p{L}\p{N}]+$/u.test(token));
}

/**
 * Full text: the words as websearch_to_tsquery reads them (forms, quoted phrases, "or", -word), or
 * every included part as the start of a word ("mahog" for "mahogany") and no excluded one. Both read
 * the GIN index on the stored tsvector, which needs no recheck of the rows. A start is asked for as the
 * whole words that start so (search_words): a prefix match reads every posting list of its range into
 * a bitmap, while whole words are read only as far as the other words of the search need (decision
 * 0023). Null when nothing can match.
 */
async function fullTextCondition(db: DbOrTx, q: string): Promise<SearchText | null> {
  const whole = sql`${products.search} @@ websearch_to_tsquery('english', ${q})`;
  const { included, excluded } = partsOf(q);
  if (included.length === 0) return { condition: whole };
  const starts = wordStartsQuery(await readWordStarts(db, [...included, ...excluded]), included.length);
  const byStarts = starts === null ? null : sql`${products.search} @@ ${starts}::tsquery`;
  if (onlyPlainWords(q)) return byStarts ? { condition: byStarts, starts: starts! } : null;
  return { condition: byStarts ? sql`(${whole} or ${byStarts})` : whole };
}

/** What a search looks for: a condition on a product, and its tsquery text when the starts alone say it. */
interface SearchText {
  condition: SQL;
  starts?: string;
}

/** Every included part inside title or description and no excluded one (the trigram index). */
function insideWordsCondition(q: string): SQL {
  const { included, excluded } = partsOf(q);
  return sql.join(
    [
      ...included.map((part) => sql`${searchText} ilike ${`%${part}%`}`),
      ...excluded.map((part) => sql`${searchText} not ilike ${`%${part}%`}`),
    ],
    sql` and `,
  );
}

/** Whether a search that found nothing as whole words or their starts may look inside words. */
export function canLookInsideWords(q: string | undefined): boolean {
  return Boolean(q && partsOf(q).included.length > 0);
}

/** The values a listing's statements read, by name. */
type CardValues = Omit<CardFilter, 'q' | 'insideWords' | 'advertisedOnly'> & {
  limit: number;
  offset: number;
};

/**
 * How a value enters a statement: a placeholder in a prepared statement, or the value itself in a
 * statement planned for it (searches).
 */
type Bind = <K extends keyof CardValues>(
  name: K,
  value: NonNullable<CardValues[K]>,
) => NonNullable<CardValues[K]>;
// A placeholder stands where the value will be when the prepared statement runs.
const asPlaceholder: Bind = (name) => sql.placeholder(name) as never;
const asValue: Bind = (_, value) => value;

/**
 * `text`: a search's condition on its words, full text or inside words (readSearch); listings have none.
 * `removedSellers`: false leaves out the condition hiding removed sellers' products, for an estimate
 * only (see matchesEstimate).
 */
function whereOf(filter: CardFilter, bind: Bind, text?: SQL, removedSellers = true): SQL | undefined {
  const conditions: SQL[] = removedSellers ? [visible, sellerNotRemoved] : [visible];
  if (filter.categoryId) conditions.push(eq(products.categoryId, bind('categoryId', filter.categoryId)));
  if (filter.sellerId) conditions.push(eq(products.sellerId, bind('sellerId', filter.sellerId)));
  if (filter.minPriceCents !== undefined)
    conditions.push(gte(products.sellingPriceCents, bind('minPriceCents', filter.minPriceCents)));
  if (filter.maxPriceCents !== undefined)
    conditions.push(lte(products.sellingPriceCents, bind('maxPriceCents', filter.maxPriceCents)));
  if (filter.condition) conditions.push(eq(products.condition, bind('condition', filter.condition)));
  if (filter.location) conditions.push(eq(products.location, bind('location', filter.location)));
  if (filter.advertisedOnly) conditions.push(sql`${products.advertised}`);
  if (text) conditions.push(text);
  return and(...conditions);
}

function orderOf(order: CardOrder): SQL[] {
  // Ties end on the id so a product never shows on two pages or on none.
  const newest = [desc(products.postedAt), desc(products.id)];
  switch (order) {
    case 'price_asc':
      return [asc(products.sellingPriceCents), ...newest];
    case 'price_desc':
      return [desc(products.sellingPriceCents), ...newest];
    case 'advertised':
      return [sql`${products.advertisedAt} desc nulls last`, ...newest];
    case 'newest':
      return newest;
  }
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
 * every product in the range (at 1,000,000 products 14 to 25 ms a page on average), where a plan made
 * for the range's own values walks the date index to the page (7 to 9 ms). These listings are planned
 * on every run; for the others the kept plan costs less than planning (decision 0031).
 */
export function plannedForItsValues(filter: CardFilter, order: CardOrder): boolean {
  const priced = filter.minPriceCents !== undefined || filter.maxPriceCents !== undefined;
  return order === 'newest' && priced && filter.location === undefined;
}

/** PostgreSQL's unnamed statement: parsed and planned again each time it is run. */
const UNNAMED = '';

/** What a card shows of a product and its seller. */
const cardColumns = {
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
};

/**
 * A listing's page, its capped count and the photos of its products in one statement, so one round
 * trip to the database answers it. The page's ids come first, alone: OFFSET then skips index entries
 * (index-only on the covering listing indexes) instead of reading and joining every row of earlier
 * pages; the count stops after TOTAL_CAP + 1 rows (a window count would read every matching row); the
 * cards and photos are built as JSON by the database, read in one piece here.
 */
function prepareListing(db: DbOrTx, request: CardPageRequest, shape: string) {
  const { filter, order } = request;
  const where = whereOf(filter, asPlaceholder);
  const counted = db
    .$with('counted', { n: sql<number>`n` })
    .as(
      sql`select count(*)::int as n from (select 1 from ${products} where ${where} limit ${TOTAL_CAP + 1}) capped`,
    );
  // A page past the end of a counted listing is not looked for: the walk to it would read every
  // matching entry (every entry of the sort's index, for a filter that matches nothing).
  const beforeTheEnd = sql`(select n from ${counted}) > least(${sql.placeholder('offset')}::int, ${TOTAL_CAP}::int)`;
  const pageIds = db.$with('page_ids').as(
    db
      .select({ id: products.id })
      .from(products)
      .where(and(where, beforeTheEnd))
      .orderBy(...orderOf(order))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  );
  return db
    .with(counted, pageIds)
    .select({
      n: sql<number>`(select n from ${counted})`,
      ...cardsAndPhotos(order, {
        rows: sql`${pageIds} inner join ${products} on ${products.id} = ${pageIds.id}`,
        photoOf: sql`${productPhotos.productId} in (select ${pageIds.id} from ${pageIds})`,
      }),
    })
    .from(sql`(select 1) one`)
    .prepare(plannedForItsValues(filter, order) ? UNNAMED : statementName(shape));
}

/**
 * A page's cards in the listing's order and their photos in the seller's, each built as JSON by the
 * database: the page's products are `rows` (a from clause) where `where` holds, and its photos those
 * of which `photoOf` holds.
 */
function cardsAndPhotos(order: CardOrder, page: { rows: SQL; where?: SQL; photoOf: SQL }) {
  const sorted = sql.join(orderOf(order), sql`, `);
  const photo = jsonObject({ productId: productPhotos.productId, ...photoColumns });
  const cards = sql`(select coalesce(json_agg(${jsonObject(cardColumns)} order by ${sorted}), '[]'::json)
    from ${page.rows} inner join ${users} on ${users.id} = ${products.sellerId}
    where ${page.where ?? sql`true`})`;
  const photos = sql`(select coalesce(json_agg(${photo} order by ${productPhotos.productId}, ${productPhotos.position}),
    '[]'::json) from ${productPhotos} where ${page.photoOf})`;
  // Wrapped once more: a select from one table names the columns of its own fields without their
  // table, and these parts are statements of their own that need the names.
  return { cards: sql<CardJson[]>`${cards}`, photos: sql<PhotoJson[]>`${photos}` };
}

/** A card as the database builds it in JSON: the date as text. */
type CardJson = Omit<SelectResultFields<typeof cardColumns>, 'postedAt'> & { postedAt: string };
type PhotoJson = PhotoRow & { productId: string };

type Listing = ReturnType<typeof prepareListing>;

const listings = preparedStatements<string, Listing>();

/**
 * Listings are prepared once per database handle and shape (a few dozen at most): PostgreSQL then
 * parses them once per connection and can reuse their plan, and planning most of these costs more
 * than running them (those it does not are `plannedForItsValues`).
 */
function listingFor(db: DbOrTx, request: CardPageRequest): Listing {
  const shape = shapeOf(request.filter, request.order);
  return listings(db, shape, () => prepareListing(db, request, shape));
}

/** The cards and photos of these products, in the listing's order (a search's page, found by its ids). */
function prepareCardsByIds(db: DbOrTx, order: CardOrder) {
  const ids = sql`${sql.placeholder('ids')}::uuid[]`;
  return db
    .select(
      cardsAndPhotos(order, {
        rows: sql`${products}`,
        where: sql`${products.id} = any(${ids})`,
        photoOf: sql`${productPhotos.productId} = any(${ids})`,
      }),
    )
    .from(sql`(select 1) one`)
    .prepare(`card_page_by_ids_${order}`);
}
const cardsByIdsStatements = preparedStatements<CardOrder, ReturnType<typeof prepareCardsByIds>>();

/** What a listing read: its page's cards and their photos, and its capped count. */
interface ListingRead {
  cards: CardJson[];
  photos: PhotoJson[];
  counted: number;
}

/** A search's page of these products, counted as `counted`. */
async function cardsByIds(
  db: DbOrTx,
  order: CardOrder,
  ids: string[],
  counted: number,
): Promise<ListingRead> {
  if (ids.length === 0) return { cards: [], photos: [], counted };
  const statement = cardsByIdsStatements(db, order, () => prepareCardsByIds(db, order));
  const [read] = await statement.execute({ ids });
  return { ...read!, counted };
}

/** How a page of a search with more matches than TOTAL_CAP is read. */
export type SearchWalk = 'every-match' | 'sort-index';

/**
 * The way to a page of a search over the cap that reads fewer rows: every match, found in the search
 * index and sorted (`matches` rows), or the sort's own index walked, each row checked against the
 * words, until the page is full (about `pageEnd × listed / matches` rows). Both read a row at about
 * the same cost, so they break even where matches² = pageEnd × listed. PostgreSQL's own choice
 * misjudges this for a few pages down a search of a few thousand matches among a million: it walks
 * 30,000 rows where sorting 8,000 would do (decision 0025).
 */
export function searchWalk(matches: number, pageEnd: number, listed: number): SearchWalk {
  return matches * matches <= pageEnd * listed ? 'every-match' : 'sort-index';
}

/**
 * The planner's estimate of a search's matches for sizing its bands. The planner takes the condition
 * hiding removed sellers' products (`not in`, a subquery) to keep half the rows, a default for what it
 * cannot see into, where it keeps nearly all of them; bands sized on half the matches read twice as
 * many as asked for (decision 0030). readSearch's choice of a way keeps the estimate with it, as it
 * was measured.
 */
export async function matchesEstimate(db: DbOrTx, filter: CardFilter, text: SQL): Promise<number> {
  return estimatedRows(db, whereOf(filter, asValue, text, false));
}

/** A page of a search cut from its matches: its ids, and its cards and photos when it is the page. */
export interface MatchesPage extends Omit<ListingRead, 'counted'> {
  /** Matches read. */
  n: number;
  ids: string[];
}

/**
 * A page of a search cut from every match, sorted, reading at most `bound` + 1 of them: `n` is how
 * many were read, and the page is right only when that is no more than `bound`. Its cards and photos
 * come in the same statement when at least `least` matches were read, and none otherwise (the page is
 * then read another way, and building them would be wasted).
 */
export async function pageOfEveryMatch(
  db: DbOrTx,
  request: CardPageRequest,
  text: SQL,
  bound: number,
  least = 0,
): Promise<MatchesPage> {
  const { filter, order, page, pageSize } = request;
  const sorted = sql.join(orderOf(order), sql`, `);
  const pageIds = sql`page_ids`;
  const isThePage = sql`(select n from counted) between ${least} and ${bound}`;
  const { cards, photos } = cardsAndPhotos(order, {
    rows: sql`${pageIds} inner join ${products} on ${products.id} = ${pageIds}.id`,
    where: isThePage,
    photoOf: sql`${isThePage} and ${productPhotos.productId} in (select id from ${pageIds})`,
  });
  // The page is cut from the matches under the table's own name, so the listing's order applies as is.
  const result = (await db.execute(sql`
    with matches as materialized (
      select ${products.id}, ${products.postedAt}, ${products.sellingPriceCents}
      from ${products} where ${whereOf(filter, asValue, text)} limit ${bound + 1}),
    counted as (select count(*)::int as n from matches),
    ${pageIds} as materialized (select ${products.id}, ${products.postedAt}, ${products.sellingPriceCents}
      from matches as ${products} order by ${sorted} limit ${pageSize} offset ${(page - 1) * pageSize})
    select (select n from counted) as n,
      array(select ${products.id} from ${pageIds} as ${products} order by ${sorted})::text[] as ids,
      ${cards} as cards, ${photos} as photos`)) as unknown as { rows: MatchesPage[] };
  return result.rows[0]!;
}

/**
 * One page of a search read from the sort's index, each row walked checked against the words. The words
 * are a condition the planner cannot see into (inside `coalesce`, no index serves them), so it walks
 * the sort's index rather than reading every match from the search index. A subquery of the row hides
 * them too, but runs as a subplan for every row walked: about twice the walk's time (decision 0028).
 */
export function sortIndexWalk(db: DbOrTx, request: CardPageRequest, text: SQL) {
  const { filter, order, page, pageSize } = request;
  return db
    .select({ id: products.id })
    .from(products)
    .where(whereOf(filter, asValue, sql`coalesce(${text}, false)`))
    .orderBy(...orderOf(order))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

/**
 * A page of a search of many matches cut from the matches in the first bands of its order only
 * (search-bands.ts), when they hold enough: the page's end, and more than TOTAL_CAP, so that the
 * search is counted as over it. Reads at most `bound` + 1 matches, and none when the bands are expected
 * to cost more than reading `bound` rows (what the other way would read; bandsCost). Null when bands
 * cannot narrow the read enough or held too few (the estimate of `matches` was high, or the matches
 * lie elsewhere in the order): the search is read the other way then.
 */
export async function pageOfBandedMatches(
  db: DbOrTx,
  request: CardPageRequest,
  starts: string,
  matches: number,
  bound: number,
): Promise<MatchesPage | null> {
  const needed = Math.max(request.page * request.pageSize, TOTAL_CAP + 1);
  const spread = await readSpread(db);
  // Half as much again as the estimate asks for: matches are seldom spread evenly through an order.
  const bands = spread && bandsFor(request.order, spread, (1.5 * needed) / matches, matches);
  if (!bands || bandsCost(matches, bands, spread.indexed) > bound) return null;
  const text = sql`${bandedSearch} @@ ${`(${starts}) & (${bands.query})`}::tsquery`;
  const [read, farthest] = await Promise.all([
    pageOfEveryMatch(db, request, text, bound, needed),
    farthestBand(db, request.order, visible),
  ]);
  // A product beyond the bands' end (posted since the statistics, or cheaper or dearer than they knew)
  // would belong before the products read: they are not the order's start then.
  const complete =
    farthest === null || (request.order === 'price_asc' ? farthest >= bands.end : farthest <= bands.end);
  return complete && read.n >= needed && read.n <= bound ? read : null;
}

/** The ids of one page of a search from the sort's index (sortIndexWalk). */
export async function pageOfSortIndex(db: DbOrTx, request: CardPageRequest, text: SQL): Promise<string[]> {
  const listed = await sortIndexWalk(db, request, text);
  return listed.map((row) => row.id);
}

/**
 * A search's page and capped count, read the way that reads fewer rows by the planner's estimate of
 * its matches (a plan made once for any word cannot tell a common one from a rare one), with its cards
 * and photos in the same statement when that way is every match:
 * - every match, up to twice the break-even number of them (searchWalk): their number is the count,
 *   and the page is cut from them. A search expected to match no more than TOTAL_CAP is read so too.
 * - the sort's index, walked until the page is full, when the matches are too many to read them all.
 *   A walk is never started on an estimate alone (with fewer matches than thought it would go through
 *   the whole index): up to TOTAL_CAP + 1 matches are read first, and they count the search and hold
 *   its page when they are all there is.
 * A search of plain words expected to match more than twice TOTAL_CAP reads first only the matches in
 * the bands of price or date its page lies in (pageOfBandedMatches), when they are expected to cost
 * less than the way chosen would read, and hold enough.
 * A word that matches nothing visible reads nothing more (the column's statistics know it).
 */
async function readSearch(db: DbOrTx, request: CardPageRequest): Promise<ListingRead> {
  const { filter, order, page, pageSize } = request;
  const search = filter.insideWords
    ? { condition: insideWordsCondition(filter.q!) }
    : await fullTextCondition(db, filter.q!);
  if (!search) return { cards: [], photos: [], counted: 0 };
  const text = search.condition;
  const [matches, listed] = await Promise.all([
    estimatedRows(db, whereOf(filter, asValue, text)),
    estimatedRows(db, whereOf(filter, asValue)),
  ]);
  const pageEnd = page * pageSize;
  // Twice the break-even number still costs less than the walk was estimated to; more means the
  // estimate was far off (words that go together), and the walk is then the cheaper way after all.
  const everyMatch = matches <= TOTAL_CAP || searchWalk(matches, pageEnd, listed) === 'every-match';
  const bound = everyMatch ? Math.max(TOTAL_CAP, 2 * Math.ceil(Math.sqrt(pageEnd * listed))) : TOTAL_CAP;
  // A walk reads the guard's matches and about one row in every listed / matches until the page is full.
  const readsOtherwise = everyMatch ? bound : TOTAL_CAP + 1 + Math.ceil((pageEnd * listed) / matches);
  const banded =
    search.starts && matches > 2 * TOTAL_CAP
      ? await pageOfBandedMatches(
          db,
          request,
          search.starts,
          await matchesEstimate(db, filter, text),
          readsOtherwise,
        )
      : null;
  if (banded) return { cards: banded.cards, photos: banded.photos, counted: banded.n };
  const read = await pageOfEveryMatch(db, request, text, bound);
  if (read.n <= bound) return { cards: read.cards, photos: read.photos, counted: read.n };
  return cardsByIds(db, order, await pageOfSortIndex(db, request, text), read.n);
}

/** A listing's page of cards with their photos, and its capped count. */
async function readListing(db: DbOrTx, request: CardPageRequest): Promise<ListingRead> {
  if (request.filter.q) return readSearch(db, request);
  const { filter, page, pageSize } = request;
  const values: CardValues = { ...filter, limit: pageSize, offset: (page - 1) * pageSize };
  const [read] = await listingFor(db, request).execute(values);
  return { cards: read!.cards, photos: read!.photos, counted: read!.n };
}

export async function loadCardPage(
  db: DbOrTx,
  images: ImageStore,
  request: CardPageRequest,
): Promise<CardPage> {
  const { filter, page, pageSize } = request;
  let read = await readListing(db, request);
  // Nothing starts with these words: look for them inside words ("board" in "headboard").
  if (read.counted === 0 && !filter.insideWords && canLookInsideWords(filter.q)) {
    read = await readListing(db, { ...request, filter: { ...filter, insideWords: true } });
  }
  const { cards, counted } = read;
  const capped = counted > TOTAL_CAP;
  const photos = photosByProduct(images, read.photos);
  return {
    items: cards.map((row) => ({
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
      postedAt: new Date(row.postedAt).toISOString(),
      dimensionsCm: { width: row.widthCm, depth: row.depthCm, height: row.heightCm },
      seller: { id: row.sellerId, name: row.sellerName, verified: row.sellerVerified },
      photos: photos.get(row.id) ?? [],
    })),
    page,
    pageSize,
    // Past the cap, a page further on proves there are at least as many as it reaches; an empty one
    // past the end proves nothing more than the cap.
    total: capped
      ? Math.max(TOTAL_CAP, cards.length > 0 ? (page - 1) * pageSize + cards.length : 0)
      : counted,
    totalCapped: capped,
  };
}

function photosByProduct(images: ImageStore, rows: PhotoJson[]) {
  const byProduct = new Map<string, ProductCard['photos']>();
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push(toPhoto(images, row));
    byProduct.set(row.productId, list);
  }
  return byProduct;
}
