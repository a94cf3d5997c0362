import { useState } from 'react';
import { Link, useParams } from 'react-router';
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
import { MemberSince } from '../../../components/ui/MemberSince';
import { Price } from '../../../components/ui/Price';
import { VerifiedMark } from '../../../components/ui/VerifiedMark';
import { isApiError } from '../../../lib/api';
import { useAuth } from '../../../lib/session';
import { conditionLabels } from '../components/conditionLabel';
import { NoPhoto } from '../components/NoPhoto';
import { useProductActionDialogs } from '../components/ProductActionDialogs';
import { ProductStatusBadge } from '../components/ProductStatusBadge';
import { WasPrice } from '../components/WasPrice';
import { useProductPage, useToggleFavourite } from '../productApi';

export function ProductPage() {
  const { id = '' } = useParams();
  const product = useProductPage(id);
  const missing = isApiError(product.error) && (product.error.status === 404 || product.error.status === 400);

  if (missing) {
    return (
      <div className="page-container space-y-4 py-8 text-center">
        <DocumentTitle title="Product not found" />
        <h1 className="font-display text-3xl font-bold">Product not found</h1>
        <p className="text-base-content/80">{catalogueMessages.productNotFound}</p>
        <Link to="/#categories" className="btn btn-primary">
          See all categories
        </Link>
      </div>
    );
  }
  if (!product.data) {
    return (
      <div className="page-container space-y-4">
        <DocumentTitle title="Product" />
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

function dimensionsText({ width, depth, height }: ProductPageData['dimensionsCm']): string {
  const parts = [
    width ? `${width} cm wide` : null,
    depth ? `${depth} cm deep` : null,
    height ? `${height} cm high` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'Not given';
}

function ProductDetails({ product }: { product: ProductPageData }) {
  const { seller } = product;
  return (
    <div className="page-container space-y-8">
      <DocumentTitle title={product.title} />
      <nav aria-label="Breadcrumb" className="breadcrumbs text-sm">
        <ul>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            <Link to={`/categories/${product.category.slug}`}>{product.category.title}</Link>
          </li>
          <li aria-current="page">{product.title}</li>
        </ul>
      </nav>
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <Gallery
          photos={product.photos}
          label={product.title}
          priority
          empty={<NoPhoto className="aspect-[4/3] w-full rounded-box" />}
        />
        <div className="space-y-5">
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
            <Detail term="Original price">
              <Price cents={product.originalPriceCents} currency={product.currency} strike />
            </Detail>
            <Detail term="Years used">{product.yearsUsed}</Detail>
            <Detail term="Location">{product.location}</Detail>
            <Detail term="Posted">
              <PostDate date={product.postedAt} />
            </Detail>
            <Detail term="Category">
              <Link to={`/categories/${product.category.slug}`} className="link link-primary">
                {product.category.title}
              </Link>
            </Detail>
            <Detail term="Size">{dimensionsText(product.dimensionsCm)}</Detail>
          </dl>
          <ShareLink id={product.id} title={product.title} />
        </div>
      </div>
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="description-heading" className="space-y-2">
          <h2 id="description-heading" className="font-display text-2xl font-bold">
            Description
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
              Seller
            </h2>
            <p className="flex flex-wrap items-center gap-2 text-lg font-semibold">
              <Link to={`/sellers/${seller.id}`} className="link link-hover">
                {seller.name}
              </Link>
              {seller.verified ? <VerifiedMark /> : null}
            </p>
            <MemberSince date={seller.memberSince} className="text-sm text-base-content/80" />
            <p className="text-sm text-base-content/80">
              {seller.listings} {seller.listings === 1 ? 'listing' : 'listings'} for sale
            </p>
            <Link to={`/sellers/${seller.id}`} className="btn btn-outline btn-sm mt-2 w-fit">
              See all from {seller.name}
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
  const toggle = useToggleFavourite();
  const actions = useProductActionDialogs(product, auth.status === 'signedIn' ? auth.me : null);
  if (auth.status !== 'signedIn') return null;
  const { me } = auth;
  const { viewer } = product;

  if (viewer.own) {
    return (
      <div className="space-y-2">
        <p className="text-sm text-base-content/80" data-testid="saved-count">
          {viewer.savedCount ?? 0} {viewer.savedCount === 1 ? 'person has' : 'people have'} saved this
          listing.
        </p>
        {product.status === 'available' ? (
          <Link to={`/dashboard/products/${product.id}/edit`} className="btn btn-primary">
            Edit listing
          </Link>
        ) : null}
      </div>
    );
  }
  if (!me.isBuyer) return <p className="text-sm text-base-content/70">{buyerMessages.onlyBuyers}</p>;

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
              Open your order
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
            Book Now
          </button>
        )}
        <button
          ref={actions.reportSlot}
          type="button"
          className="btn btn-outline"
          aria-haspopup="dialog"
          onClick={actions.openReport}
        >
          Report
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
            ? 'This item has been sold.'
            : 'Someone is paying for this item right now; it may come back if they do not finish.'}
        </p>
      )}
      {actions.dialogs}
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
        Share this item
      </button>
      <span role="status" className="text-success">
        {copied ? 'Link copied.' : ''}
      </span>
    </div>
  );
}
