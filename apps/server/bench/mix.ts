/**
 * The long tail of listing requests that no cache helps with: every request a distinct combination of
 * category, price range, condition, location, sort and page, or a search (whole words and parts of
 * words) with a sort and a page. Requests walk the combinations in a scattered order, so within a run
 * no combination repeats until all of them have been asked for (far more than a run sends).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/platform/db/client.js';

const sorts = ['newest', 'price_asc', 'price_desc'] as const;
const conditions = [null, 'excellent', 'good', 'fair'] as const;
const locations = [null, 'Dhaka', 'Khulna', 'Sylhet'] as const;
/** Amounts in the bench dataset run from 10 to 1,510. */
const prices = [null, ['10', '200'], ['150', '700'], ['500', '1500']] as const;
type PriceRange = Exclude<(typeof prices)[number], null>;
/** Words of the generated titles and descriptions, whole and in part. */
const searches = [
  'oak',
  'teak sofa',
  'walnut desk',
  'vint',
  'rust chair',
  'polished',
  'mahog',
  'bookshel',
  'leather stool',
  'cabin',
] as const;

/** A step coprime with every space size below, so `i * STEP mod size` visits each combination once. */
const STEP = 7919;

/** How many products a category lists with these filters (null: the filter is not set). */
export type ListedCount = (
  categoryId: string,
  condition: string | null,
  location: string | null,
  price: PriceRange | null,
) => number;

/**
 * Counts what each filter combination of the mix lists, from the data itself (one pass over the
 * table), so the mix asks for pages a listing has: deep ones, never ones past its end. A town with no
 * pieces in a category is asked for its first page, as a person choosing it would see.
 */
export async function countListed(db: Db): Promise<ListedCount> {
  const ranges = prices.filter((range) => range !== null);
  const inRange = ranges.map(
    ([min, max]) =>
      sql`count(*) filter (where selling_price_cents between ${Number(min) * 100} and ${Number(max) * 100})::int`,
  );
  const result = (await db.execute(sql`
    select category_id, condition, location, count(*)::int as n, array[${sql.join(inRange, sql`, `)}] as ranges
    from products where status = 'available' and deleted_at is null
    group by category_id, condition, location`)) as unknown as {
    rows: { category_id: string; condition: string; location: string; n: number; ranges: number[] }[];
  };
  // Summed once per combination (a few hundred), not on every request the load generator sends.
  const known = new Map<string, number>();
  return (categoryId, condition, location, price) => {
    const range = price ? ranges.indexOf(price) : -1;
    const key = `${categoryId}|${condition}|${location}|${range}`;
    let total = known.get(key);
    if (total === undefined) {
      total = 0;
      for (const row of result.rows) {
        if (row.category_id !== categoryId) continue;
        if (condition && row.condition !== condition) continue;
        if (location && row.location !== location) continue;
        total += range >= 0 ? row.ranges[range]! : row.n;
      }
      known.set(key, total);
    }
    return total;
  };
}

export function cacheHostilePaths(categoryIds: string[], listed: ListedCount): () => string {
  let i = 0;
  // Each kind of request walks its own combinations: stepping through searches by every fourth
  // request number would skip every other word.
  let searchesAsked = 0;
  let listingsAsked = 0;
  return () => {
    i += 1;
    // One request in four is a search across categories.
    if (i % 4 === 0) {
      searchesAsked += 1;
      const space = searches.length * 2 * 50;
      let n = (searchesAsked * STEP) % space;
      const q = searches[n % searches.length]!;
      n = Math.floor(n / searches.length);
      const sort = n % 2 === 0 ? '' : '&sort=price_asc';
      const page = 1 + Math.floor(n / 2);
      return `/api/products?q=${encodeURIComponent(q)}${sort}&page=${page}`;
    }
    const space =
      categoryIds.length * sorts.length * conditions.length * locations.length * prices.length * 200;
    listingsAsked += 1;
    let n = (listingsAsked * STEP) % space;
    const pick = <T>(list: readonly T[]): T => {
      const value = list[n % list.length]!;
      n = Math.floor(n / list.length);
      return value;
    };
    const category = pick(categoryIds);
    const sort = pick(sorts);
    const condition = pick(conditions);
    const location = pick(locations);
    const price = pick(prices);
    // A page the filtered listing has (24 products a page), down to page 200.
    const pages = Math.max(1, Math.ceil(listed(category, condition, location, price) / 24));
    const page = 1 + (n % pages);
    const query = new URLSearchParams({ sort, page: String(page) });
    if (condition) query.set('condition', condition);
    if (location) query.set('location', location);
    if (price) {
      query.set('minPrice', price[0]);
      query.set('maxPrice', price[1]);
    }
    return `/api/categories/${category}?${query}`;
  };
}
