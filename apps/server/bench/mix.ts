/**
 * The long tail of listing requests that no cache helps with: every request a distinct combination of
 * category, price range, condition, location, sort and page, or a search (whole words and parts of
 * words) with a sort and a page. Requests walk the combinations in a scattered order, so within a run
 * no combination repeats until all of them have been asked for (far more than a run sends).
 */
const sorts = ['newest', 'price_asc', 'price_desc'] as const;
const conditions = [null, 'excellent', 'good', 'fair'] as const;
const locations = [null, 'Dhaka', 'Khulna', 'Sylhet'] as const;
/** Amounts in the bench dataset run from 10 to 1,510. */
const prices = [null, ['10', '200'], ['150', '700'], ['500', '1500']] as const;
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

/** `listed`: about how many products a category lists, so deep pages exist at any dataset size. */
export function cacheHostilePaths(categoryIds: string[], listed: number): () => string {
  let i = 0;
  return () => {
    i += 1;
    // One request in four is a search across categories.
    if (i % 4 === 0) {
      const space = searches.length * 2 * 50;
      let n = (i * STEP) % space;
      const q = searches[n % searches.length]!;
      n = Math.floor(n / searches.length);
      const sort = n % 2 === 0 ? '' : '&sort=price_asc';
      const page = 1 + Math.floor(n / 2);
      return `/api/products?q=${encodeURIComponent(q)}${sort}&page=${page}`;
    }
    const space =
      categoryIds.length * sorts.length * conditions.length * locations.length * prices.length * 200;
    let n = (i * STEP) % space;
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
    // Deep pages where the filtered listing has them (24 products a page).
    const pages = Math.max(
      1,
      Math.floor(listed / 24 / (condition ? 3 : 1) / (location ? 8 : 1) / (price ? 3 : 1)),
    );
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
