import { DocumentTitle } from '../../../components/DocumentTitle';
import { useCategories } from '../api';
import { useProductSearch } from '../listingApi';
import { ProductListing } from '../components/ProductListing';
import { useListingState } from '../listingState';

export function SearchPage() {
  const listing = useListingState();
  const result = useProductSearch(listing.state);
  const categories = useCategories();
  const { q } = listing.state;

  return (
    <div className="page-container space-y-6">
      <DocumentTitle title={q ? `Search: ${q}` : 'Search'} />
      <header className="space-y-2">
        <h1 className="font-display text-3xl font-bold sm:text-4xl">Search</h1>
        <p className="max-w-2xl text-base-content/80">
          Search every piece for sale by the words in its title and description, then narrow it down by
          category, price, condition and location.
        </p>
      </header>
      <ProductListing
        listing={listing}
        products={result.data}
        isPending={result.isPending}
        isUpdating={result.isPlaceholderData}
        error={result.error}
        onRetry={() => void result.refetch()}
        filterLabel="Search furniture"
        emptyText="Nothing is for sale right now. Check back soon."
        categories={categories.data ?? []}
      />
    </div>
  );
}
