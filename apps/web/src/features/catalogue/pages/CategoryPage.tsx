import { Link, useParams } from 'react-router';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { isApiError } from '../../../lib/api';
import { catalogueMessages } from '@furniture-mart/shared';
import { useCategories } from '../api';
import { useCategoryProducts } from '../listingApi';
import { ProductListing } from '../components/ProductListing';
import { useListingState } from '../listingState';

export function CategoryPage() {
  const { id = '' } = useParams();
  const listing = useListingState();
  const result = useCategoryProducts(id, listing.state);
  const categories = useCategories();
  // Links use either the id or the readable slug; the list names the page before its products arrive.
  const known = categories.data?.find((candidate) => candidate.id === id || candidate.slug === id);
  const category = result.data?.category ?? known;
  const title = category?.title ?? 'Category';
  const missing = isApiError(result.error) && result.error.status === 404;

  return (
    <div className="page-container space-y-6">
      <DocumentTitle title={missing ? 'Category not found' : title} />
      <nav aria-label="Breadcrumb" className="breadcrumbs text-sm">
        <ul>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            <Link to="/#categories">Categories</Link>
          </li>
          <li aria-current="page">{missing ? 'Not found' : title}</li>
        </ul>
      </nav>
      {missing ? (
        <section className="space-y-4 py-8 text-center">
          <h1 className="font-display text-3xl font-bold">Category not found</h1>
          <p className="text-base-content/80">{catalogueMessages.categoryNotFound}</p>
          <Link to="/#categories" className="btn btn-primary">
            See all categories
          </Link>
        </section>
      ) : (
        <>
          <header className="space-y-2">
            <h1 className="font-display text-3xl font-bold sm:text-4xl">
              {category ? title : <span className="skeleton inline-block h-10 w-48 align-middle" />}
            </h1>
            <p className="max-w-2xl text-base-content/80">
              Every piece still for sale in this room. Search, filter and sort to find the one that fits your
              home and budget.
            </p>
          </header>
          <ProductListing
            listing={listing}
            products={result.data?.products}
            isPending={result.isPending}
            isUpdating={result.isPlaceholderData}
            error={result.error}
            onRetry={() => void result.refetch()}
            filterLabel={`Filter ${title}`}
            emptyText="Nothing is for sale in this category right now. Check back soon."
          />
        </>
      )}
    </div>
  );
}
