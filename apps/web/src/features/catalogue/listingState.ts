/**
 * A listing's state lives in the URL (q, sort, minPrice, maxPrice, condition, location, category, page,
 * pageSize), so a filtered page can be shared, bookmarked and reloaded. Values a person may have edited
 * by hand are read leniently: anything invalid is ignored instead of breaking the page.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams, type To } from 'react-router';
import {
  conditions,
  isInvertedPriceRange,
  locations,
  pagination,
  isAmountText,
  productSorts,
  type Condition,
  type Location,
  type ProductSort,
} from '@furniture-mart/shared';

export interface ListingState {
  q: string;
  /** Absent means the default: best match when searching, newest otherwise. */
  sort: ProductSort | '';
  minPrice: string;
  maxPrice: string;
  condition: Condition | '';
  location: Location | '';
  /** Ids of a district and an area (`@furniture-mart/shared/places`); the server checks they cascade. */
  district: string;
  area: string;
  /** Search page only: a category id or slug. */
  category: string;
  /** "1": only pieces that fit the buyer's saved home. */
  fits: '1' | '';
  page: number;
  pageSize: number;
}

export type ListingFilters = Pick<
  ListingState,
  'q' | 'minPrice' | 'maxPrice' | 'condition' | 'location' | 'district' | 'area' | 'category' | 'fits'
>;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : '';

const amount = (value: string | null) => {
  const text = value?.trim() ?? '';
  return text && isAmountText(text) ? text : '';
};

/** A place's id as the data writes it (a slug), else nothing. */
const placeId = (value: string | null) => {
  const text = value?.trim() ?? '';
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(text) && text.length <= 80 ? text : '';
};

const positiveInt = (value: string | null, fallback: number, max: number) => {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed >= 1 && parsed <= max ? parsed : fallback;
};

export function readListingState(params: URLSearchParams): ListingState {
  const minPrice = amount(params.get('minPrice'));
  const maxPrice = amount(params.get('maxPrice'));
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    sort: oneOf(productSorts, params.get('sort')),
    minPrice,
    // An inverted range cannot match anything; keep the lower bound and drop the other.
    maxPrice: isInvertedPriceRange(minPrice, maxPrice) ? '' : maxPrice,
    condition: oneOf(conditions, params.get('condition')),
    location: oneOf(locations, params.get('location')),
    district: placeId(params.get('district')),
    area: placeId(params.get('area')),
    category: (params.get('category') ?? '').trim().slice(0, 64),
    fits: params.get('fits') === '1' ? '1' : '',
    page: positiveInt(params.get('page'), 1, 100_000),
    pageSize: positiveInt(params.get('pageSize'), pagination.defaultPageSize, pagination.maxPageSize),
  };
}

/** Only what differs from the defaults, in a stable order, so equal states give equal URLs. */
export function listingParams(state: ListingState): URLSearchParams {
  const params = new URLSearchParams();
  const entries: [string, string | number][] = [
    ['q', state.q],
    ['category', state.category],
    ['minPrice', state.minPrice],
    ['maxPrice', state.maxPrice],
    ['condition', state.condition],
    ['location', state.location],
    ['district', state.district],
    ['area', state.area],
    ['fits', state.fits],
    ['sort', state.sort],
    ['page', state.page > 1 ? state.page : ''],
    ['pageSize', state.pageSize !== pagination.defaultPageSize ? state.pageSize : ''],
  ];
  for (const [key, value] of entries) if (value !== '') params.set(key, String(value));
  return params;
}

export function hasActiveFilters(state: ListingState): boolean {
  return Boolean(
    state.q ||
    state.category ||
    state.minPrice ||
    state.maxPrice ||
    state.condition ||
    state.location ||
    state.district ||
    state.area ||
    state.fits,
  );
}

export function useListingState() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => readListingState(searchParams), [searchParams]);

  // Applying what is already shown adds no history entry.
  const show = useCallback(
    (next: ListingState) => {
      const params = listingParams(next);
      if (params.toString() !== listingParams(state).toString()) setSearchParams(params);
    },
    [setSearchParams, state],
  );

  /** New filters start again at the first page; the page size is kept. */
  const applyFilters = useCallback(
    (filters: ListingFilters) => show({ ...state, ...filters, page: 1 }),
    [show, state],
  );
  const setSort = useCallback(
    (sort: ListingState['sort']) => show({ ...state, sort, page: 1 }),
    [show, state],
  );
  const clearFilters = useCallback(
    () =>
      show({
        ...state,
        q: '',
        category: '',
        minPrice: '',
        maxPrice: '',
        condition: '',
        location: '',
        district: '',
        area: '',
        fits: '',
        page: 1,
      }),
    [show, state],
  );
  /** The link to another page of the same listing. */
  const pageLink = useCallback(
    (page: number): To => ({ search: listingParams({ ...state, page }).toString() }),
    [state],
  );

  return { state, applyFilters, setSort, clearFilters, pageLink };
}
