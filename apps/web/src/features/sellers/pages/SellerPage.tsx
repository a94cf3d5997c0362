import { Link, useParams, useSearchParams } from 'react-router';
import { catalogueMessages, type ProductCard, type Reputation } from '@furniture-mart/shared';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { Alert } from '../../../components/ui/Alert';
import { MemberSince } from '../../../components/ui/MemberSince';
import { Pagination } from '../../../components/ui/Pagination';
import { Price } from '../../../components/ui/Price';
import { ResponsivePhoto } from '../../../components/ui/ResponsivePhoto';
import { VerifiedMark } from '../../../components/ui/VerifiedMark';
import { ReviewCard, SellerRating } from '../../../components/ui/SellerRating';
import { isApiError } from '../../../lib/api';
import { useLatestReviews, useSellerPage } from '../api';
import { formatNumber, t } from '@furniture-mart/shared';

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** One seller: who they are, how long they have been here, what they sold and what is for sale now. */
export function SellerPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const page = pageFrom(params);
  const result = useSellerPage(id, page);
  const missing = isApiError(result.error) && (result.error.status === 404 || result.error.status === 400);

  if (missing) {
    return (
      <div className="page-container space-y-4 py-8 text-center">
        <DocumentTitle title={t('sellerPage.notFound')} />
        <h1 className="font-display text-3xl font-bold">{t('sellerPage.notFound')}</h1>
        <p className="text-base-content/80">{catalogueMessages.sellerNotFound}</p>
        <Link to="/" className="btn btn-primary">
          {t('sellerPage.goHome')}
        </Link>
      </div>
    );
  }
  const data = result.data;
  return (
    <div className="page-container space-y-8">
      <DocumentTitle title={data ? data.seller.name : t('orders.contactSeller')} />
      {result.error && !data ? (
        <Alert tone="error" onRetry={() => void result.refetch()}>
          {result.error.message}
        </Alert>
      ) : null}
      {data ? (
        <>
          <header className="space-y-3">
            <p className="text-sm font-semibold uppercase text-base-content/70">
              {t('orders.contactSeller')}
            </p>
            <h1 className="flex flex-wrap items-center gap-3 font-display text-3xl font-bold sm:text-4xl">
              {data.seller.name}
              {data.seller.verified ? (
                <VerifiedMark variant="badge" label={t('dashboard.verifiedSeller')} />
              ) : null}
            </h1>
            <MemberSince date={data.seller.memberSince} className="block text-base-content/80" />
            <dl className="flex flex-wrap gap-x-8 gap-y-2 text-base-content/80">
              <div className="flex gap-1.5">
                <dt>{t('sellerPage.forSale')}</dt>
                <dd className="font-semibold" data-testid="seller-listings">
                  {formatNumber(data.seller.listings)}
                </dd>
              </div>
              <div className="flex gap-1.5">
                <dt>{t('sellerPage.sold')}</dt>
                <dd className="font-semibold" data-testid="seller-sold">
                  {formatNumber(data.seller.sold)}
                </dd>
              </div>
            </dl>
          </header>
          <Reputation sellerId={data.seller.id} reputation={data.seller.reputation} />
          <section aria-labelledby="seller-listings-heading" className="space-y-4">
            <h2 id="seller-listings-heading" className="font-display text-2xl font-bold">
              {t('sellerPage.available')}
            </h2>
            {data.products.items.length === 0 ? (
              <p className="text-base-content/80">{t('sellerPage.nothing')}</p>
            ) : (
              <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4" aria-busy={result.isPlaceholderData}>
                {data.products.items.map((product) => (
                  <li key={product.id}>
                    <ListingTile product={product} />
                  </li>
                ))}
              </ul>
            )}
            <Pagination
              page={page}
              pageSize={data.products.pageSize}
              total={data.products.total}
              label={t('sellerPage.pages')}
              noun={t('sellerPage.noun')}
              linkTo={(target) => ({ search: target > 1 ? `page=${target}` : '' })}
            />
          </section>
        </>
      ) : result.isPending ? (
        <div className="space-y-3" aria-busy="true">
          <div className="skeleton h-10 w-64" />
          <div className="skeleton h-6 w-80" />
        </div>
      ) : null}
    </div>
  );
}

/** A listing as a link to its page: the cover, its name and its price. */
function ListingTile({ product }: { product: ProductCard }) {
  const cover = product.photos[0];
  return (
    <Link
      to={`/products/${product.id}`}
      className="card h-full overflow-hidden border border-base-300 bg-base-100 transition hover:shadow-md"
    >
      <figure className="aspect-[4/3] bg-base-200">
        {cover ? (
          <ResponsivePhoto
            photo={cover}
            sizes="(min-width: 1024px) 300px, (min-width: 640px) 50vw, 100vw"
            alt=""
            loading="lazy"
            className="h-full w-full object-cover"
          />
        ) : null}
      </figure>
      <span className="card-body gap-1 p-4">
        <span className="font-semibold">{product.title}</span>
        <Price cents={product.sellingPriceCents} className="text-lg font-bold text-primary" />
      </span>
    </Link>
  );
}

/**
 * What buyers can judge the seller by: the rating, completed sales, how quickly they answer, and the
 * refusals at pickup and sales they cancelled in the last 12 months; then the newest reviews.
 */
function Reputation({ sellerId, reputation }: { sellerId: string; reputation: Reputation }) {
  const latest = useLatestReviews(sellerId);
  const minutes = reputation.medianFirstAnswerMinutes;
  return (
    <section aria-labelledby="seller-trust-heading" className="space-y-4" data-testid="seller-reputation">
      <h2 id="seller-trust-heading" className="font-display text-2xl font-bold">
        {t('reviews.trustHeading')}
      </h2>
      <ul className="flex flex-wrap items-center gap-x-6 gap-y-2 text-base-content/80">
        <li>
          <SellerRating rating={reputation.rating} reviews={reputation.reviews} />
        </li>
        <li data-testid="completed-sales">{t('reviews.completedSales', { n: reputation.completedSales })}</li>
        {minutes !== null ? (
          <li>
            {minutes < 120
              ? t('reviews.answerMinutes', { n: Math.max(1, minutes) })
              : t('reviews.answerHours', { n: Math.round(minutes / 60) })}
          </li>
        ) : null}
      </ul>
      <ul className="space-y-1 text-sm text-base-content/80">
        <li data-testid="refused-at-pickup">
          {t('reviews.refusedAtPickup', { n: reputation.refusedAtPickup })}
        </li>
        <li data-testid="cancelled-by-seller">
          {t('reviews.cancelledBySeller', { n: reputation.cancelledBySeller })}
        </li>
      </ul>
      <h3 className="font-display text-xl font-bold">{t('reviews.heading')}</h3>
      {latest.data && latest.data.items.length > 0 ? (
        <>
          <ul className="grid gap-3 md:grid-cols-3">
            {latest.data.items.map((review) => (
              <li key={review.id}>
                <ReviewCard review={review} />
              </li>
            ))}
          </ul>
          <Link to={`/sellers/${sellerId}/reviews`} className="btn btn-outline btn-sm">
            {t('reviews.allReviews')}
          </Link>
        </>
      ) : latest.data ? (
        <p className="text-base-content/80">{t('reviews.none')}</p>
      ) : null}
    </section>
  );
}
