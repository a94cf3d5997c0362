/**
 * Bands of price and date for searches of thousands of matches (decision 0029). Each visible product's
 * words are indexed again with lexemes of its own (search_bands, migration 0013): the band of its
 * price (40 a decade of minor units) and of the day it was posted, each at several widths. A run of
 * bands from where an order starts holds a prefix of that order, so the matches in it, sorted, begin
 * exactly as all the matches sorted do. A search asks for as many bands as its page needs, judged
 * from the table's statistics, and reads every match instead when they held too few.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { preparedStatements } from '../../platform/db/prepared.js';
import { products } from '../../platform/db/schema.js';
import type { CardOrder } from './product-cards.js';

const PRICE_BANDS_PER_DECADE = 40;
const DAY_SECONDS = 24 * 60 * 60;
/**
 * The widest band of each kind is 2^level of the narrowest: search_bands writes every level up to it,
 * and a run asked for through a level it does not write would miss that stretch of the order.
 */
export const WIDEST = { p: 7, d: 10 } as const;
/**
 * Most lexemes one search asks for. Each is a posting list the search index merges into the others:
 * 55 of them took the index longer than reading every match (decision 0028).
 */
export const MOST_LEXEMES = 12;

/** The narrow band of a price, as search_bands computes it. */
export function priceBand(cents: number): number {
  return Math.floor(Math.log10(Math.max(cents, 0) + 1) * PRICE_BANDS_PER_DECADE);
}

/** The narrow band of a moment (seconds since 1970), as search_bands computes it: its day. */
export function dateBand(seconds: number): number {
  return Math.floor(seconds / DAY_SECONDS);
}

/** The lexeme search_bands writes for band `index` of 2^level narrow bands of a kind (`~p3.9`). */
export function bandLexeme(kind: keyof typeof WIDEST, level: number, index: number): string {
  return `~${kind}${level}.${index}`;
}

/**
 * The fewest lexemes that cover the narrowest bands `from` to `to` exactly: each `[level, index]` is the
 * band `index` of 2^level narrow bands, as search_bands names them (`~p3.9`).
 */
export function coveringBands(from: number, to: number, widest: number): [number, number][] {
  const covering: [number, number][] = [];
  let at = from;
  while (at <= to) {
    let level = 0;
    // The widest band that starts here and ends within the run.
    while (level < widest && (at >> (level + 1)) << (level + 1) === at && at + (2 << level) - 1 <= to)
      level += 1;
    covering.push([level, at >> level]);
    at += 1 << level;
  }
  return covering;
}

/** Rows of the table between two values (equal for a common value), and their share of it. */
export interface Stretch {
  low: number;
  high: number;
  share: number;
}

/**
 * Where the values of price and date stand, from the table's statistics (PostgreSQL's most common
 * values and the histogram of the rest), and the database's clock in seconds.
 */
export interface Spread {
  prices: Stretch[];
  posted: Stretch[];
  now: number;
  /** Products the bands' index holds (every visible one), by the statistics. */
  indexed: number;
}

/** Bands to ask for, as tsquery text, and the narrow band they end at, away from the order's start. */
export interface Bands {
  query: string;
  /**
   * Cheapest first, the lowest band asked for; dearest or newest first, the highest. The bands hold
   * the order's start only if no visible product lies beyond it, which the reader checks.
   */
  end: number;
  /** The share of the table the bands hold, by the statistics: of a search's matches, about as much. */
  share: number;
  /** How many lexemes the query names. */
  lexemes: number;
}

/**
 * The bands to ask for so that a page reads about `share` of the listing in its order: from where the
 * order starts (one band beyond the statistics' first value, or the clock's for newest first) to at
 * least the band where that share of the table is reached: there or a little beyond, wherever the
 * run costs least (bandsCost, of `matches`). Null where bands cannot narrow the read: an order by
 * something else, no statistics, bands that would hold half the table or more, or more lexemes than
 * MOST_LEXEMES.
 *
 * The index steps through the posting lists of every lexeme asked for at once, so each one costs
 * (decision 0035): a run reaches back to the edge of a widest band before the order's start, where
 * no visible product lies, and ends on the edge of a wider band than it needs when the few more
 * products that holds cost less than the narrow lexemes its exact end would name.
 */
export function bandsFor(order: CardOrder, spread: Spread, share: number, matches = 0): Bands | null {
  if (share >= 0.5) return null;
  const ascending = order === 'price_asc';
  if (!ascending && order !== 'price_desc' && order !== 'newest') return null;
  const kind = order === 'newest' ? 'd' : 'p';
  const band = kind === 'd' ? dateBand : priceBand;
  // From the order's start; a stretch counted at its far edge, so that the bands reach past it.
  const stretches = [...(kind === 'd' ? spread.posted : spread.prices)].sort((a, b) =>
    ascending ? a.high - b.high : b.low - a.low,
  );
  const total = stretches.reduce((sum, stretch) => sum + stretch.share, 0);
  if (stretches.length < 2 || total <= 0) return null;
  let reached = 0;
  let at = Number.NaN;
  for (const stretch of stretches) {
    reached += stretch.share;
    at = band(ascending ? stretch.high : stretch.low);
    if (reached >= share * total) break;
  }
  /** The share of the table in the bands from the order's start to `far`. */
  const heldTo = (far: number) =>
    stretches
      .filter((stretch) => (ascending ? band(stretch.low) <= far : band(stretch.high) >= far))
      .reduce((sum, stretch) => sum + stretch.share, 0) / total;
  if (heldTo(at) >= 0.5) return null;
  const lowest = Math.min(...stretches.map((stretch) => stretch.low));
  const highest = Math.max(...stretches.map((stretch) => stretch.high));
  const start = ascending
    ? Math.max(0, band(lowest) - 1)
    : Math.max(band(highest), kind === 'd' ? dateBand(spread.now) : 0) + 1;
  // Back to the edge of the widest band the start lies in: nothing visible lies there.
  const widest = 1 << WIDEST[kind];
  const end = ascending ? Math.floor(start / widest) * widest : (Math.floor(start / widest) + 1) * widest - 1;
  let best: { bands: Bands; cost: number } | null = null;
  for (let level = 0; level <= WIDEST[kind]; level++) {
    // The run's far end on the edge of a band of this width.
    const width = 1 << level;
    const far = ascending ? (Math.floor(at / width) + 1) * width - 1 : Math.floor(at / width) * width;
    const held = heldTo(far);
    // A wider edge only holds more.
    if (held >= 0.5) break;
    const covering = ascending
      ? coveringBands(end, far, WIDEST[kind])
      : coveringBands(far, end, WIDEST[kind]);
    if (covering.length > MOST_LEXEMES) continue;
    const bands: Bands = {
      query: covering.map(([size, index]) => `'${bandLexeme(kind, size, index)}'`).join(' | '),
      end,
      share: held,
      lexemes: covering.length,
    };
    const cost = bandsCost(matches, bands, spread.indexed);
    if (!best || cost < best.cost) best = { bands, cost };
  }
  return best?.bands ?? null;
}

/**
 * What a band's entry in the index costs against a table row read, for each lexeme asked for: the
 * index steps through all their posting lists together. At 1,000,000 products, "walnut & desk" took
 * 2 to 3 ms more in the index for every lexeme of bands of a fifth of the table, where a row read
 * takes about 2.4 microseconds (decisions 0032, 0035).
 */
export const BAND_ENTRIES_PER_ROW = 300;

/**
 * What reading a search from these bands costs, in table rows read: the matches they are expected to
 * hold (`matches` spread as the table is), and every product of the bands that the index merges with
 * the words, once for each lexeme.
 */
export function bandsCost(matches: number, bands: Pick<Bands, 'share' | 'lexemes'>, indexed: number): number {
  return bands.share * (matches + (indexed * bands.lexemes) / BAND_ENTRIES_PER_ROW);
}

/** How long a spread is kept: bands only steer how much is read, so an older one costs at most a retry. */
const SPREAD_SECONDS = 60;
const spreads = new WeakMap<DbOrTx, { at: number; spread: Promise<Spread | null> }>();

/** The spread of prices and dates, from the table's statistics (null before any are gathered). */
export function readSpread(db: DbOrTx): Promise<Spread | null> {
  const kept = spreads.get(db);
  if (kept && Date.now() - kept.at < SPREAD_SECONDS * 1000) return kept.spread;
  const spread = (async () => {
    // Dates as seconds since 1970, prices as they are.
    const result = (await db.execute(sql`
      select attname,
        case when attname = 'posted_at'
          then array(select extract(epoch from v)::float8 from unnest(histogram_bounds::text::timestamptz[]) v)
          else histogram_bounds::text::float8[] end as bounds,
        case when attname = 'posted_at'
          then array(select extract(epoch from v)::float8 from unnest(most_common_vals::text::timestamptz[]) v)
          else most_common_vals::text::float8[] end as common,
        most_common_freqs::float8[] as freqs,
        extract(epoch from now())::float8 as now,
        (select greatest(reltuples, 0)::float8 from pg_class
          where oid = to_regclass('products_search_bands_idx')) as indexed
      from pg_stats where schemaname = current_schema() and tablename = 'products'
        and attname in ('selling_price_cents', 'posted_at')`)) as unknown as {
      rows: {
        attname: string;
        bounds: number[] | null;
        common: number[] | null;
        freqs: number[] | null;
        now: number;
        indexed: number | null;
      }[];
    };
    if (result.rows.length === 0) return null;
    const stretchesOf = (column: string): Stretch[] => {
      const row = result.rows.find((candidate) => candidate.attname === column);
      if (!row) return [];
      const freqs = (row.freqs ?? []).map(Number);
      const common = (row.common ?? []).map((value, i) => ({
        low: Number(value),
        high: Number(value),
        share: freqs[i]!,
      }));
      // The histogram cuts the rest of the rows into groups of equal size.
      const bounds = (row.bounds ?? []).map(Number);
      const rest = Math.max(0, 1 - freqs.reduce((sum, freq) => sum + freq, 0));
      const buckets = bounds
        .slice(1)
        .map((high, i) => ({ low: bounds[i]!, high, share: rest / (bounds.length - 1) }));
      return [...common, ...buckets];
    };
    return {
      prices: stretchesOf('selling_price_cents'),
      posted: stretchesOf('posted_at'),
      now: Number(result.rows[0]!.now),
      indexed: Number(result.rows[0]!.indexed ?? 0),
    };
  })();
  spreads.set(db, { at: Date.now(), spread });
  // A failed read is not kept: the next search asks again.
  spread.catch(() => spreads.delete(db));
  return spread;
}

/** Forgets the kept spread (tests that gather statistics anew). */
export function forgetSpread(db: DbOrTx): void {
  spreads.delete(db);
}

/** The words with the bands of a product, as the index products_search_bands_idx holds them. */
export const bandedSearch = sql`(${products.search} || search_bands(${products.sellingPriceCents}, ${products.postedAt}))`;

/**
 * The narrow band of the visible product farthest from where an order starts: the cheapest (cheapest
 * first), the dearest (dearest first) or the newest (newest first), named by search_bands itself.
 * `visible` is the listings' own condition of what a buyer may see.
 */
export async function farthestBand(db: DbOrTx, order: CardOrder, visible: SQL): Promise<number | null> {
  const [row] = await farthestStatements(db, order, () => prepareFarthest(db, order, visible)).execute();
  const narrowest = bandLexeme(order === 'newest' ? 'd' : 'p', 0, 0).slice(0, -1);
  const lexeme = row?.lexemes?.find((candidate) => candidate.startsWith(narrowest));
  return lexeme === undefined ? null : Number(lexeme.slice(narrowest.length));
}

/** Prepared once per connection: planning it took longer than its two steps down an index. */
function prepareFarthest(db: DbOrTx, order: CardOrder, visible: SQL) {
  const price =
    order === 'price_asc' ? sql`min(${products.sellingPriceCents})` : sql`max(${products.sellingPriceCents})`;
  return db
    .select({
      lexemes: sql<string[] | null>`tsvector_to_array(search_bands(${price}, max(${products.postedAt})))`,
    })
    .from(products)
    .where(visible)
    .prepare(`farthest_band_${order}`);
}
const farthestStatements = preparedStatements<CardOrder, ReturnType<typeof prepareFarthest>>();
