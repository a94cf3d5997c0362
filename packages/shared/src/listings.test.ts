import { describe, expect, it } from 'vitest';
import type { ProductCardPage } from './catalogue.js';
import { isInvertedPriceRange, pagedTotal } from './listings.js';

/** A listing's page with `items` cards (their content does not matter here). */
const page = ({
  items,
  ...fields
}: Partial<Omit<ProductCardPage, 'items'>> & { items: number }): ProductCardPage => ({
  page: 1,
  pageSize: 24,
  total: 0,
  totalCapped: false,
  ...fields,
  items: Array.from({ length: items }) as ProductCardPage['items'],
});

describe('pagedTotal', () => {
  it('is the total when it was counted exactly', () => {
    expect(pagedTotal(page({ total: 57, items: 24 }))).toBe(57);
    expect(pagedTotal(page({ page: 3, total: 57, items: 9 }))).toBe(57);
  });

  it('past the counted cap, offers the page after a full one', () => {
    expect(pagedTotal(page({ total: 1000, totalCapped: true, items: 24 }))).toBe(1000);
    expect(pagedTotal(page({ page: 42, total: 1008, totalCapped: true, items: 24 }))).toBe(1009);
    expect(pagedTotal(page({ page: 60, total: 1440, totalCapped: true, items: 24 }))).toBe(1441);
  });

  it('stops at a page that is not full: the end of the list', () => {
    expect(pagedTotal(page({ page: 60, total: 1430, totalCapped: true, items: 14 }))).toBe(1430);
  });
});

describe('isInvertedPriceRange', () => {
  it('is true only when both bounds are amounts and the maximum is below the minimum', () => {
    expect(isInvertedPriceRange('500', '100')).toBe(true);
    expect(isInvertedPriceRange('1,250.50', '1250.49')).toBe(true);
    expect(isInvertedPriceRange(' 20 ', '19.999')).toBe(true);
    expect(isInvertedPriceRange('100', '500')).toBe(false);
    expect(isInvertedPriceRange('100', '100')).toBe(false);
  });

  it('leaves a missing or unreadable bound to the field checks', () => {
    expect(isInvertedPriceRange(undefined, '100')).toBe(false);
    expect(isInvertedPriceRange('500', '')).toBe(false);
    expect(isInvertedPriceRange('   ', '100')).toBe(false);
    expect(isInvertedPriceRange('abc', '100')).toBe(false);
    expect(isInvertedPriceRange('500', '-1')).toBe(false);
    expect(isInvertedPriceRange('500', '0')).toBe(false);
  });
});
