import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import {
  catalogueMessages,
  buyerMessages,
  type ProductPage as ProductPageData,
} from '@furniture-mart/shared';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { PostDate } from '../../../components/PostDate';
import { Alert } from '../../../components/ui/Alert';
import { FavouriteButton } from '../../../components/ui/FavouriteButton';
import { Gallery } from '../../../components/ui/Gallery';
import { ConditionEvidence } from '../../../components/ui/ConditionEvidence';
import { MemberSince } from '../../../components/ui/MemberSince';
import { Price } from '../../../components/ui/Price';
import { VerifiedMark } from '../../../components/ui/VerifiedMark';
import { SellerRating } from '../../../components/ui/SellerRating';
import { isApiError } from '../../../lib/api';
import { useAuth, useConfig } from '../../../lib/session';
import { conditionLabels } from '../components/conditionLabel';
import { FitPanel } from '../components/FitPanel';
import { NoPhoto } from '../components/NoPhoto';
import { AskSeller } from '../components/AskSeller';
import { useProductActionDialogs } from '../components/ProductActionDialogs';
import { ProductMeta } from '../components/ProductMeta';
import { ProductStatusBadge } from '../components/ProductStatusBadge';
import { WasPrice } from '../components/WasPrice';
import { useProductPage, useToggleFavourite } from '../productApi';
import { categoryName, formatNumber, placeNameText, sizeText, t } from '@furniture-mart/shared';

export function ProductPage() {
  const { id = '' } = useParams();
  const product = useProductPage(id);
  const missing = isApiError(product.error) && product.error.status === 404;

  if (missing) {
    return (
      <div className="page-container space-y-4 py-8 text-center">
        <DocumentTitle title={t('productPage.notFound')} />
        <h1 className="font-display text-3xl font-bold">{t('productPage.notFound')}</h1>
        <p className="text-base-content/80">{catalogueMessages.productNotFound}</p>
        <Link to="/#categories" className="btn btn-primary">
          {t('category.seeAll')}
        </Link>
      </div>
    );
  }
  if (!product.data) {
    return (
      <div className="page-container space-y-4">
        <DocumentTitle title={t('booking.product')} />
        {product.error ? (
          <Alert tone="error" onRetry={() => void product.refetch()}>
            {product.error.message}
          </Alert>
        ) : (
          <div className="grid gap-8 lg:grid-cols-2" aria-busy="true">
            <div className="skeleton aspect-[4/3] w-full" />
            <div className="space-y-3">
              <div className="skeleton h-10 w-3/4" />
              <div className="skeleton h-6 w-1/3" />
              <div className="skeleton h-32 w-full" />
            </div>
          </div>
        )}
      </div>
    );
  }
  return <ProductDetails product={product.data} />;
}

function ProductDetails({ product }: { product: ProductPageData }) {
  const { seller } = product;
  return (
    <div className="page-container space-y-8">
      <DocumentTitle title={product.title} />
      <ProductMeta product={product} />
      <nav aria-label={t('nav.breadcrumb')} className="breadcrumbs text-sm">
        <ul>
          <li>
            <Link to="/">{t('nav.home')}</Link>
          </li>
          <li>
            <Link to={`/categories/${product.category.slug}`}>
              {categoryName(product.category.slug, product.category.title)}
            </Link>
          </li>
          <li aria-current="page">{product.title}</li>
        </ul>
      </nav>
      {/* On a phone the evidence follows the price and actions; on a wide screen it sits under the
          gallery, beside the details. */}
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr] lg:grid-rows-[auto_1fr]">
        <div className="lg:col-start-1 lg:row-start-1">
          <Gallery
            photos={product.photos}
            label={product.title}
            priority
            empty={<NoPhoto className="aspect-[4/3] w-full rounded-box" />}
          />
        </div>
        <div className="space-y-5 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <header className="space-y-2">
            <div className="flex flex-wrap items-center gap-2">
              <ProductStatusBadge status={product.status} />
              <span className="badge badge-outline border-secondary text-secondary">
                {conditionLabels[product.condition]}
              </span>
            </div>
            <h1 className="font-display text-3xl font-bold sm:text-4xl">{product.title}</h1>
            <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <Price
                cents={product.sellingPriceCents}
                currency={product.currency}
                className="text-3xl font-bold text-primary"
              />
              <WasPrice cents={product.previousPriceCents} />
            </p>
          </header>
          <ProductActions product={product} />
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
            <Detail term={t('product.originalPrice')}>
              <Price cents={product.originalPriceCents} currency={product.currency} strike />
            </Detail>
            <Detail term={t('product.yearsUsed')}>{formatNumber(product.yearsUsed)}</Detail>
            <Detail term={t('filters.location')}>{placeNameText(product.placeName)}</Detail>
            <Detail term={t('product.posted')}>
              <PostDate date={product.postedAt} />
            </Detail>
            <Detail term={t('filters.category')}>
              <Link to={`/categories/${product.category.slug}`} className="link link-primary">
                {categoryName(product.category.slug, product.category.title)}
              </Link>
            </Detail>
            <Detail term={t('product.size')}>
              {sizeText(product.dimensions) ?? t('productPage.notGiven')}
            </Detail>
          </dl>
          <FitPanel product={product} />
          <ShareLink id={product.id} title={product.title} />
        </div>
        <div className="lg:col-start-1 lg:row-start-2">
          <ConditionEvidence
            condition={product.condition}
            photos={product.photos}
            flaws={product.flaws}
            checklist={product.checklist}
          />
        </div>
      </div>
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="description-heading" className="space-y-2">
          <h2 id="description-heading" className="font-display text-2xl font-bold">
            {t('productPage.description')}
          </h2>
          <p className="whitespace-pre-line text-base-content/85">{product.description}</p>
        </section>
        <section
          aria-labelledby="seller-heading"
          className="card h-fit border border-base-300 bg-base-100"
          data-testid="seller-card"
        >
          <div className="card-body gap-2">
            <h2 id="seller-heading" className="text-sm font-semibold uppercase text-base-content/70">
              {t('orders.contactSeller')}
            </h2>
            <p className="flex flex-wrap items-center gap-2 text-lg font-semibold">
              <Link to={`/sellers/${seller.id}`} className="link link-hover">
                {seller.name}
              </Link>
              {seller.verified ? <VerifiedMark /> : null}
            </p>
            <p>
              <SellerRating rating={seller.rating} reviews={seller.reviews} />
            </p>
            <MemberSince date={seller.memberSince} className="text-sm text-base-content/80" />
            <p className="text-sm text-base-content/80">
              {t('productPage.listingsForSale', { count: seller.listings })}
            </p>
            <Link to={`/sellers/${seller.id}`} className="btn btn-outline btn-sm mt-2 w-fit">
              {t('productPage.seeAllFrom', { name: seller.name })}
            </Link>
          </div>
        </section>
      </div>
    </div>
  );
}

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-base-content/70">{term}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

/** Book Now (or the buyer's order), Report and the heart for a buyer; Edit for its seller. */
function ProductActions({ product }: { product: ProductPageData }) {
  const auth = useAuth();
  const config = useConfig();
  const toggle = useToggleFavourite();
  const actions = useProductActionDialogs(product, auth.status === 'signedIn' ? auth.me : null);
  const location = useLocation();
  const navigate = useNavigate();
  const canBook =
    auth.status === 'signedIn' &&
    auth.me.isBuyer &&
    !product.viewer.own &&
    !product.viewer.booking &&
    product.status === 'available';
  const { openBooking } = actions;
  // Book Now in a conversation about the piece leads here, with the booking dialog open.
  const bookAsked = (location.state as { book?: boolean } | null)?.book === true;
  useEffect(() => {
    if (!bookAsked || !canBook) return;
    void navigate(location.pathname, { replace: true, state: null });
    openBooking();
  }, [bookAsked, canBook, openBooking, navigate, location.pathname]);
  if (auth.status === 'signedOut') return <VisitorActions product={product} />;
  if (auth.status !== 'signedIn') return null;
  const { me } = auth;
  const { viewer } = product;

  if (viewer.own) {
    return (
      <div className="space-y-2">
        <p className="text-sm text-base-content/80" data-testid="saved-count">
          {t('productPage.savedCount', { count: viewer.savedCount ?? 0 })}
        </p>
        {product.status === 'available' ? (
          <Link to={`/dashboard/products/${product.id}/edit`} className="btn btn-primary">
            {t('productPage.editListing')}
          </Link>
        ) : null}
      </div>
    );
  }
  if (!me.isBuyer) return <p className="text-sm text-base-content/70">{buyerMessages.onlyBuyers}</p>;
  const cashOffered = config.data?.payments.methods.includes('cash') ?? false;

  return (
    <div className="space-y-3">
      {viewer.booking ? (
        <Alert
          tone="info"
          role="status"
          action={
            <Link
              ref={actions.bookSlot}
              to={`/dashboard/orders/${viewer.booking.id}`}
              className="btn btn-primary btn-sm"
            >
              {t('product.openYourOrder')}
            </Link>
          }
        >
          {catalogueMessages.alreadyBookedLead}
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {viewer.booking ? null : (
          <button
            ref={actions.bookSlot}
            type="button"
            className="btn btn-primary flex-1 sm:flex-none"
            aria-haspopup="dialog"
            disabled={product.status !== 'available'}
            onClick={actions.openBooking}
          >
            {t('booking.title')}
          </button>
        )}
        {product.status === 'available' && !product.firmPrice && viewer.booking?.status !== 'paid' ? (
          <Link
            to={`/products/${product.id}/offer`}
            className="btn btn-outline btn-primary basis-full sm:basis-auto"
            data-testid="make-offer-link"
          >
            {t('offer.make')}
          </Link>
        ) : null}
        <button
          ref={actions.reportSlot}
          type="button"
          className="btn btn-outline"
          aria-haspopup="dialog"
          onClick={actions.openReport}
        >
          {t('product.report')}
        </button>
        <FavouriteButton
          variant="button"
          saved={viewer.favourite}
          title={product.title}
          pending={toggle.isPending}
          onToggle={() => toggle.mutate({ productId: product.id, save: !viewer.favourite })}
        />
      </div>
      {product.status === 'available' || viewer.booking ? null : (
        <p className="text-sm text-base-content/70">
          {product.status === 'sold'
            ? t('productPage.sold')
            : product.status === 'reserved'
              ? t('productPage.reserved')
              : t('productPage.beingPaid')}
        </p>
      )}
      {product.acceptsCash && product.status === 'available' && cashOffered ? (
        <p className="text-sm text-base-content/80" data-testid="accepts-cash">
          {t('productPage.acceptsCash')}
        </p>
      ) : null}
      <AskSeller product={product} />
      {actions.dialogs}
    </div>
  );
}

/**
 * A visitor sees what they could do here; each asks them to sign in first and brings them back to this
 * page afterwards (the login page reads where they came from).
 */
function VisitorActions({ product }: { product: ProductPageData }) {
  const location = useLocation();
  const back = { from: location };
  return (
    <div className="space-y-3" data-testid="visitor-actions">
      <p className="text-sm text-base-content/80">{t('productPage.signInToAct')}</p>
      <div className="flex flex-wrap gap-2">
        {product.status === 'available' ? (
          <>
            <Link to="/login" state={back} className="btn btn-primary flex-1 sm:flex-none">
              {t('booking.title')}
            </Link>
            <Link to="/login" state={back} className="btn btn-outline btn-primary">
              {t('chat.ask')}
            </Link>
          </>
        ) : null}
        <Link to="/login" state={back} className="btn btn-outline">
          {t('favourites.saveShort')}
        </Link>
      </div>
    </div>
  );
}

/** The page's address to copy or hand to the phone's share sheet. */
function ShareLink({ id, title }: { id: string; title: string }) {
  const [copied, setCopied] = useState(false);
  const path = `/products/${id}`;
  const share = async () => {
    const url = new URL(path, window.location.origin).href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch {
        // Closed without sharing, or not allowed here: copying still works.
      }
    }
    await navigator.clipboard.writeText(url);
    setCopied(true);
  };
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <button type="button" className="btn btn-outline btn-sm" onClick={() => void share()}>
        <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true" focusable="false">
          <path
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M10 3v9M6.5 6.5 10 3l3.5 3.5M4 11v4.5A1.5 1.5 0 0 0 5.5 17h9a1.5 1.5 0 0 0 1.5-1.5V11"
          />
        </svg>
        {t('productPage.share')}
      </button>
      <span role="status" className="text-success">
        {copied ? t('productPage.linkCopied') : ''}
      </span>
    </div>
  );
}
