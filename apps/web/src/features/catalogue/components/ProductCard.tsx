import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import {
  fitHome,
  homeMessages,
  measuredPiece,
  type ProductCard as ProductCardData,
} from '@furniture-mart/shared';
import { useSavedHome } from '../../../lib/home';
import { PostDate } from '../../../components/PostDate';
import { Price } from '../../../components/ui/Price';
import { FavouriteButton } from '../../../components/ui/FavouriteButton';
import { ResponsivePhoto } from '../../../components/ui/ResponsivePhoto';
import { VerifiedMark } from '../../../components/ui/VerifiedMark';
import { SellerRating } from '../../../components/ui/SellerRating';
import { useCardViewer } from './cardViewer';
import { conditionLabels } from './conditionLabel';
import { NoPhoto } from './NoPhoto';
import { ProductCardActions } from './ProductCardActions';
import { WasPrice } from './WasPrice';
import { formatNumber, placeNameText, t } from '@furniture-mart/shared';

// The details dialog (and the dialog kit with it) loads when someone is about to open one, not with
// every page that shows cards.
const loadDetailsDialog = () => import('./ProductDetailsDialog');
const ProductDetailsDialog = lazy(async () => ({
  default: (await loadDetailsDialog()).ProductDetailsDialog,
}));
function preloadDetailsDialog() {
  loadDetailsDialog().catch(() => {
    // Opening the dialog asks again and shows the error there.
  });
}

interface ProductCardProps {
  product: ProductCardData;
  /** 2 under a page title, 3 under a section heading. */
  headingLevel?: 2 | 3;
  /** Cards in the first screenful load their photo at once; the rest wait until scrolled near. */
  eager?: boolean;
  /** Fetch the photo ahead of other images. */
  priority?: boolean;
}

export function ProductCard({
  product,
  headingLevel = 3,
  eager = false,
  priority = false,
}: ProductCardProps) {
  const titleId = useId();
  const { currency } = useCardViewer();
  const [detailsOpen, setDetailsOpen] = useState(false);
  const Heading = `h${headingLevel}` as const;
  const cover = product.photos[0];

  return (
    <article
      aria-labelledby={titleId}
      className="card h-full overflow-hidden border border-base-300 bg-base-100 shadow-sm transition hover:shadow-md"
    >
      <figure className="relative aspect-[4/3] bg-base-200">
        {cover ? (
          <ResponsivePhoto
            photo={cover}
            sizes="(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw"
            alt={t('product.photoOf', { title: product.title })}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
            className="h-full w-full object-cover"
          />
        ) : (
          <NoPhoto className="h-full w-full" />
        )}
        <CardHeart product={product} />
      </figure>
      <div className="card-body gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <Heading id={titleId} className="card-title text-lg leading-snug">
            <Link to={`/products/${product.id}`} className="link-hover">
              {product.title}
            </Link>
          </Heading>
          <span className="badge badge-outline shrink-0 border-secondary text-secondary">
            {conditionLabels[product.condition]}
          </span>
        </div>
        <CardFit product={product} />
        <p className="flex items-center gap-1.5 text-sm text-base-content/75">
          <PinIcon />
          <span className="sr-only">{t('product.locationLabel')} </span>
          {placeNameText(product.placeName)}
        </p>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <div>
            <dt className="text-base-content/70">{t('product.resalePrice')}</dt>
            <dd>
              <Price
                cents={product.sellingPriceCents}
                currency={currency}
                className="text-xl font-bold text-primary"
              />
              <WasPrice cents={product.previousPriceCents} currency={currency} className="block" />
            </dd>
          </div>
          <div>
            <dt className="text-base-content/70">{t('product.originalPrice')}</dt>
            <dd>
              <Price
                cents={product.originalPriceCents}
                currency={currency}
                strike
                className="text-base text-base-content/80"
              />
            </dd>
          </div>
          <div>
            <dt className="text-base-content/70">{t('product.yearsUsed')}</dt>
            <dd className="font-medium">{formatNumber(product.yearsUsed)}</dd>
          </div>
          <div>
            <dt className="text-base-content/70">{t('product.posted')}</dt>
            <dd className="font-medium">
              <PostDate date={product.postedAt} />
            </dd>
          </div>
        </dl>
        <p className="flex flex-wrap items-center gap-1.5 text-sm">
          <span className="text-base-content/70">{t('product.sellerLabel')}</span>
          <span className="font-medium">{product.seller.name}</span>
          {product.seller.verified ? <VerifiedMark /> : null}
          <SellerRating rating={product.seller.rating} reviews={product.seller.reviews} size="sm" />
        </p>
        <div className="card-actions mt-auto items-center justify-between gap-2 pt-2">
          <button
            type="button"
            className="btn btn-ghost btn-sm px-2 text-primary"
            aria-haspopup="dialog"
            onPointerEnter={preloadDetailsDialog}
            onFocus={preloadDetailsDialog}
            onClick={() => setDetailsOpen(true)}
          >
            {t('product.details')}
            <span className="sr-only"> {t('product.detailsOf', { title: product.title })}</span>
          </button>
          <ProductCardActions product={product} />
        </div>
      </div>
      {detailsOpen ? (
        <Suspense fallback={null}>
          <ProductDetailsDialog product={product} onClose={() => setDetailsOpen(false)} />
        </Suspense>
      ) : null}
    </article>
  );
}

/** The heart over a card's photo, for buyers only (the server refuses everyone else). */
/**
 * For a buyer with a saved home: "Fits your home" when the piece passes every opening, else "Check the
 * stairs" naming the first it does not pass; worked out here with the same function as the server.
 */
function CardFit({ product }: { product: ProductCardData }) {
  const home = useSavedHome();
  const piece = measuredPiece(product.dimensions);
  const openings = home.data?.openings ?? [];
  if (!piece || openings.length === 0) return null;
  const miss = fitHome(piece, openings).openings.find((opening) => opening.verdict === 'wont_fit');
  return (
    <p>
      <span className={`badge badge-soft badge-sm ${miss ? 'badge-warning' : 'badge-success'}`}>
        {miss ? homeMessages.checkOpening(miss.name) : homeMessages.fitsYourHome}
      </span>
    </p>
  );
}

function CardHeart({ product }: { product: ProductCardData }) {
  const { saved, toggleFavourite, favouritePending } = useCardViewer();
  if (!saved) return null;
  const isSaved = saved.has(product.id);
  return (
    <FavouriteButton
      saved={isSaved}
      title={product.title}
      pending={favouritePending === product.id}
      onToggle={() => toggleFavourite(product.id, !isSaved)}
      className="absolute right-3 top-3 shadow"
    />
  );
}

function PinIcon() {
  return (
    <svg viewBox="0 0 20 20" className="h-4 w-4 shrink-0" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M10 1.8a6 6 0 0 0-6 6c0 4.3 5.2 9.6 5.4 9.8a.8.8 0 0 0 1.2 0c.2-.2 5.4-5.5 5.4-9.8a6 6 0 0 0-6-6zm0 8.4a2.4 2.4 0 1 1 0-4.8 2.4 2.4 0 0 1 0 4.8z"
      />
    </svg>
  );
}
