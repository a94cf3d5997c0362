import { DocumentTitle } from '../../../components/DocumentTitle';
import { useCategories } from '../api';
import { useProductSearch } from '../listingApi';
import { ProductListing } from '../components/ProductListing';
import { useListingState } from '../listingState';
import { t } from '@furniture-mart/shared';

export function SearchPage() {
  const listing = useListingState();
  const result = useProductSearch(listing.state);
  const categories = useCategories();
  const { q } = listing.state;

  return (
    <div className="page-container space-y-6">
      <DocumentTitle title={q ? t('search.titleFor', { q }) : t('nav.search')} />
      <header className="space-y-2">
        <h1 className="font-display text-3xl font-bold sm:text-4xl">{t('nav.search')}</h1>
        <p className="max-w-2xl text-base-content/80">{t('search.intro')}</p>
      </header>
      <ProductListing
        listing={listing}
        products={result.data}
        isPending={result.isPending}
        isUpdating={result.isPlaceholderData}
        error={result.error}
        onRetry={() => void result.refetch()}
        filterLabel={t('search.filterLabel')}
        emptyText={t('search.empty')}
        categories={categories.data ?? []}
      />
    </div>
  );
}
