import { useId } from 'react';
import { Link } from 'react-router';
import {
  formatNumber,
  messages,
  sortLabel,
  t,
  pagedTotal,
  type Category,
  type ProductCardPage,
} from '@furniture-mart/shared';
import { Alert } from '../../../components/ui/Alert';
import { Pagination } from '../../../components/ui/Pagination';
import { errorMessage } from '../../../lib/api';
import { hasActiveFilters, listingParams, type useListingState } from '../listingState';
import { useSavedHome } from '../../../lib/home';
import { ListingFilters } from './ListingFilters';
import { ProductGrid, ProductGridSkeleton } from './ProductGrid';
import { useConfig } from '../../../lib/session';

interface ProductListingProps {
  listing: ReturnType<typeof useListingState>;
  products: ProductCardPage | undefined;
  isPending: boolean;
  /** True while a new page or filter loads and the previous results are still shown. */
  isUpdating: boolean;
  error: unknown;
  onRetry: () => void;
  filterLabel: string;
  /** Shown when there are no products at all and no filter is set. */
  emptyText: string;
  /** Adds the category filter (search across categories). */
  categories?: Category[];
}

/** Filters, result count and sort, the product grid and pagination of one listing. */
export function ProductListing({
  listing,
  products,
  isPending,
  isUpdating,
  error,
  onRetry,
  filterLabel,
  emptyText,
  categories,
}: ProductListingProps) {
  const { state, applyFilters, clearFilters, setSort, pageLink } = listing;
  const sortId = useId();
  const filtered = hasActiveFilters(state);
  const home = useSavedHome();

  return (
    <div className="space-y-6">
      <ListingFilters
        // A new URL (back button, shared link, clear) starts the form afresh from it, and so do the
        // category options arriving, so a category from the URL finds its option.
        resetKey={`${listingParams({ ...state, page: 1, sort: '' }).toString()}|${categories?.length ?? ''}`}
        value={{
          q: state.q,
          minPrice: state.minPrice,
          maxPrice: state.maxPrice,
          condition: state.condition,
          location: state.location,
          district: state.district,
          area: state.area,
          category: state.category,
          fits: state.fits,
        }}
        canFilterByFit={(home.data?.openings.length ?? 0) > 0 || state.fits === '1'}
        onApply={applyFilters}
        onClear={clearFilters}
        categories={categories}
        label={filterLabel}
        currency={useConfig().data?.currency}
      />

      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="text-base-content/80" aria-live="polite" aria-atomic="true">
          {products ? resultSummary(products) : '\u00a0'}
        </p>
        <div className="flex items-center gap-2">
          <label htmlFor={sortId} className="text-sm font-medium">
            {t('listing.sortBy')}
          </label>
          <select
            id={sortId}
            className="select select-sm w-auto sm:select-md"
            value={state.sort === (state.q ? 'best' : 'newest') ? '' : state.sort}
            onChange={(event) => setSort(event.target.value as typeof state.sort)}
          >
            {/* A search's default is its best matches; a listing without words has only newest first. */}
            <option value="">{sortLabel(state.q ? 'best' : 'newest')}</option>
            {state.q ? <option value="newest">{sortLabel('newest')}</option> : null}
            <option value="price_asc">{sortLabel('price_asc')}</option>
            <option value="price_desc">{sortLabel('price_desc')}</option>
          </select>
        </div>
      </div>

      {isPending ? (
        <ProductGridSkeleton label={t('listing.loading')} />
      ) : error && !products ? (
        <Alert tone="error" onRetry={onRetry}>
          {errorMessage(error)}
        </Alert>
      ) : products && products.items.length === 0 ? (
        <div className="rounded-box border-2 border-dashed border-base-300 px-6 py-12 text-center">
          {products.total > 0 ? (
            <>
              <p className="text-lg font-semibold">{t('listing.pastTheEnd')}</p>
              <Link to={pageLink(1)} className="btn btn-outline btn-primary mt-4">
                {t('listing.firstPage')}
              </Link>
            </>
          ) : filtered ? (
            <>
              <p className="text-lg font-semibold">{messages.noMatches}</p>
              <button type="button" className="btn btn-outline btn-primary mt-4" onClick={clearFilters}>
                {t('listing.clearFilters')}
              </button>
            </>
          ) : (
            <p className="text-lg font-semibold">{emptyText}</p>
          )}
        </div>
      ) : products ? (
        <div
          aria-busy={isUpdating}
          className={`space-y-8 transition-opacity ${isUpdating ? 'pointer-events-none opacity-60' : ''}`}
        >
          <ProductGrid products={products.items} headingLevel={2} />
          <Pagination
            page={products.page}
            pageSize={products.pageSize}
            total={pagedTotal(products)}
            linkTo={pageLink}
            label={t('listing.pagination')}
          />
        </div>
      ) : null}
    </div>
  );
}

function resultSummary({ page, pageSize, total, totalCapped, items }: ProductCardPage): string {
  if (total === 0) return t('listing.noneFound');
  // The server stops counting at 1,000: beyond that it is "1,000+".
  const counted = totalCapped ? t('listing.atLeast', { total }) : formatNumber(total);
  if (items.length === 0) return t('listing.inAll', { total, counted });
  const first = (page - 1) * pageSize + 1;
  const last = first + items.length - 1;
  return first === 1 && last === total && !totalCapped
    ? t('listing.count', { total })
    : t('listing.showing', { first, last, counted });
}
