import { describe, expect, it } from 'vitest';
import { cacheHostilePaths } from './mix.js';

const categories = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'];

describe('the cache-hostile mix', () => {
  // A listing of 24 pages whatever its filters, so every page the mix asks for can be checked.
  const paths = Array.from(
    { length: 8_000 },
    cacheHostilePaths(categories, () => 24 * 24),
  );
  const searches = paths
    .filter((path) => path.startsWith('/api/products?'))
    .map((path) => new URL(path, 'http://x'));
  const listings = paths
    .filter((path) => path.startsWith('/api/categories/'))
    .map((path) => new URL(path, 'http://x'));

  it('asks one search in four', () => {
    expect(searches).toHaveLength(2_000);
    expect(listings).toHaveLength(6_000);
  });

  it('asks every search word, in both orders, down to page 50', () => {
    const words = new Set(searches.map((url) => url.searchParams.get('q')));
    expect([...words].sort()).toEqual([
      'bookshel',
      'cabin',
      'leather stool',
      'mahog',
      'oak',
      'polished',
      'rust chair',
      'teak sofa',
      'vint',
      'walnut desk',
    ]);
    for (const word of words) {
      const asked = searches.filter((url) => url.searchParams.get('q') === word);
      expect(new Set(asked.map((url) => url.searchParams.get('sort') ?? 'newest'))).toEqual(
        new Set(['newest', 'price_asc']),
      );
    }
    const pages = searches.map((url) => Number(url.searchParams.get('page')));
    expect(Math.min(...pages)).toBe(1);
    expect(Math.max(...pages)).toBe(50);
  });

  it('never repeats a search until every combination has been asked', () => {
    const first = searches.slice(0, 1_000).map(String);
    expect(new Set(first).size).toBe(1_000);
  });

  it('asks every category, sort and filter, on pages the listing has', () => {
    const seen = (name: string) => new Set(listings.map((url) => url.searchParams.get(name)));
    expect(new Set(listings.map((url) => url.pathname.split('/')[3]))).toEqual(new Set(categories));
    expect(seen('sort')).toEqual(new Set(['newest', 'price_asc', 'price_desc']));
    expect(seen('condition')).toEqual(new Set([null, 'excellent', 'good', 'fair']));
    expect(seen('location')).toEqual(new Set([null, 'Dhaka', 'Khulna', 'Sylhet']));
    expect(seen('minPrice')).toEqual(new Set([null, '10', '150', '500']));
    const pages = listings.map((url) => Number(url.searchParams.get('page')));
    expect(Math.min(...pages)).toBe(1);
    expect(Math.max(...pages)).toBe(24);
  });
});
