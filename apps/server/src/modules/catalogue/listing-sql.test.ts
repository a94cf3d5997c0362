import { describe, expect, it } from 'vitest';
import { conditions, locations, productSorts } from '@furniture-mart/shared';
import {
  plannedForItsValues,
  shapeOf,
  statementName,
  type CardFilter,
  type CardOrder,
} from './listing-sql.js';

/** Every filter a listing can combine, each with a value. */
const everyFilter: Required<Omit<CardFilter, 'q' | 'openings'>> = {
  categoryId: '00000000-0000-4000-8000-000000000000',
  sellerId: '00000000-0000-4000-8000-000000000001',
  minPriceCents: 1,
  maxPriceCents: 2,
  condition: conditions[0]!,
  location: locations[0]!,
  district: 'dhaka',
  area: 'dhaka-mirpur',
  advertisedOnly: true,
};

describe('prepared statement names', () => {
  it('are distinct for every shape and within the 63 characters PostgreSQL keeps', () => {
    const keys = Object.keys(everyFilter) as (keyof typeof everyFilter)[];
    const orders: CardOrder[] = [...productSorts, 'advertised'];
    const names = new Set<string>();
    let shapes = 0;
    for (let mask = 0; mask < 1 << keys.length; mask++) {
      const filter = Object.fromEntries(
        keys.filter((_, i) => mask & (1 << i)).map((k) => [k, everyFilter[k]]),
      );
      for (const order of orders) {
        shapes += 1;
        const name = statementName(shapeOf(filter, order));
        expect(name.length).toBeLessThanOrEqual(63);
        names.add(name);
      }
    }
    // What the longest readable names did: two sorts of one filter set cut to the same 63 characters.
    expect(names.size).toBe(shapes);
  });
});

describe('listings planned for their values on every run', () => {
  const categoryId = everyFilter.categoryId;
  it('are those newest first within a price range, in no one town', () => {
    expect(plannedForItsValues({ categoryId, minPriceCents: 1 }, 'newest')).toBe(true);
    expect(plannedForItsValues({ categoryId, maxPriceCents: 2, condition: 'good' }, 'newest')).toBe(true);
    expect(plannedForItsValues({ categoryId, minPriceCents: 1, maxPriceCents: 2 }, 'newest')).toBe(true);
  });

  it('are not those in one town, in another order or with no price range', () => {
    const ranged = { categoryId, minPriceCents: 1, maxPriceCents: 2 };
    expect(plannedForItsValues({ ...ranged, location: everyFilter.location }, 'newest')).toBe(false);
    expect(plannedForItsValues({ ...ranged, district: 'gazipur' }, 'newest')).toBe(false);
    expect(plannedForItsValues({ ...ranged, area: 'dhaka-mirpur' }, 'newest')).toBe(false);
    for (const order of ['price_asc', 'price_desc', 'advertised'] as const) {
      expect(plannedForItsValues(ranged, order), order).toBe(false);
    }
    expect(plannedForItsValues({ categoryId, condition: 'good' }, 'newest')).toBe(false);
    expect(plannedForItsValues({ categoryId }, 'newest')).toBe(false);
  });
});
