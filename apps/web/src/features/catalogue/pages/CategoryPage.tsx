import { Link, useParams } from 'react-router';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { isApiError } from '../../../lib/api';
import { catalogueMessages } from '@furniture-mart/shared';
import { useCategories } from '../api';
import { useCategoryProducts } from '../listingApi';
import { ProductListing } from '../components/ProductListing';
import { useListingState } from '../listingState';
import { categoryName, t } from '@furniture-mart/shared';

export function CategoryPage() {
  const { id = '' } = useParams();
  const listing = useListingState();
  const result = useCategoryProducts(id, listing.state);
  const categories = useCategories();
  // Links use either the id or the readable slug; the list names the page before its products arrive.
  const known = categories.data?.find((candidate) => candidate.id === id || candidate.slug === id);
  const category = result.data?.category ?? known;
  const title = category ? categoryName(category.slug, category.title) : t('category.fallback');
  const missing = isApiError(result.error) && result.error.status === 404;

  return (
    <div className="page-container space-y-6">
      <DocumentTitle title={missing ? t('category.notFoundTitle') : title} />
      <nav aria-label={t('nav.breadcrumb')} className="breadcrumbs text-sm">
        <ul>
          <li>
            <Link to="/">{t('nav.home')}</Link>
          </li>
          <li>
            <Link to="/#categories">{t('footer.categories')}</Link>
          </li>
          <li aria-current="page">{missing ? t('category.notFound') : title}</li>
        </ul>
      </nav>
      {missing ? (
        <section className="space-y-4 py-8 text-center">
          <h1 className="font-display text-3xl font-bold">{t('category.notFoundTitle')}</h1>
          <p className="text-base-content/80">{catalogueMessages.categoryNotFound}</p>
          <Link to="/#categories" className="btn btn-primary">
            {t('category.seeAll')}
          </Link>
        </section>
      ) : (
        <>
          <header className="space-y-2">
            <h1 className="font-display text-3xl font-bold sm:text-4xl">
              {category ? title : <span className="skeleton inline-block h-10 w-48 align-middle" />}
            </h1>
            <p className="max-w-2xl text-base-content/80">{t('category.intro')}</p>
          </header>
          <ProductListing
            listing={listing}
            products={result.data?.products}
            isPending={result.isPending}
            isUpdating={result.isPlaceholderData}
            error={result.error}
            onRetry={() => void result.refetch()}
            filterLabel={t('category.filterLabel', { title })}
            emptyText={t('category.empty')}
          />
        </>
      )}
    </div>
  );
}
