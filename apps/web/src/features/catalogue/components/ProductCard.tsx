import { useId, useState } from 'react';
import type { ProductCard as ProductCardData } from '@furniture-mart/shared';
import { PostDate } from '../../../components/PostDate';
import { Price } from '../../../components/Price';
import { ProductCardActions } from '../../buyer/components/ProductCardActions';
import { conditionLabels } from './conditionLabel';
import { NoPhoto } from './NoPhoto';
import { ProductDetailsDialog } from './ProductDetailsDialog';
import { VerifiedMark } from './VerifiedMark';

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
  const [detailsOpen, setDetailsOpen] = useState(false);
  const Heading = `h${headingLevel}` as const;
  const cover = product.photos[0];

  return (
    <article
      aria-labelledby={titleId}
      className="card h-full overflow-hidden border border-base-300 bg-base-100 shadow-sm transition hover:shadow-md"
    >
      <figure className="aspect-[4/3] bg-base-200">
        {cover ? (
          <img
            src={cover.thumbUrl}
            width={cover.thumbWidth}
            height={cover.thumbHeight}
            alt={`Photo of ${product.title}`}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
            className="h-full w-full object-cover"
          />
        ) : (
          <NoPhoto className="h-full w-full" />
        )}
      </figure>
      <div className="card-body gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <Heading id={titleId} className="card-title text-lg leading-snug">
            {product.title}
          </Heading>
          <span className="badge badge-outline shrink-0 border-secondary text-secondary">
            {conditionLabels[product.condition]}
          </span>
        </div>
        <p className="flex items-center gap-1.5 text-sm text-base-content/75">
          <PinIcon />
          <span className="sr-only">Location: </span>
          {product.location}
        </p>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <div>
            <dt className="text-base-content/70">Resale price</dt>
            <dd>
              <Price cents={product.sellingPriceCents} className="text-xl font-bold text-primary" />
            </dd>
          </div>
          <div>
            <dt className="text-base-content/70">Original price</dt>
            <dd>
              <Price cents={product.originalPriceCents} strike className="text-base text-base-content/80" />
            </dd>
          </div>
          <div>
            <dt className="text-base-content/70">Years used</dt>
            <dd className="font-medium">{product.yearsUsed}</dd>
          </div>
          <div>
            <dt className="text-base-content/70">Posted</dt>
            <dd className="font-medium">
              <PostDate date={product.postedAt} />
            </dd>
          </div>
        </dl>
        <p className="flex flex-wrap items-center gap-1.5 text-sm">
          <span className="text-base-content/70">Seller:</span>
          <span className="font-medium">{product.seller.name}</span>
          {product.seller.verified ? <VerifiedMark /> : null}
        </p>
        <div className="card-actions mt-auto items-center justify-between gap-2 pt-2">
          <button
            type="button"
            className="btn btn-ghost btn-sm px-2 text-primary"
            aria-haspopup="dialog"
            onClick={() => setDetailsOpen(true)}
          >
            Details<span className="sr-only"> of {product.title}</span>
          </button>
          <ProductCardActions product={product} />
        </div>
      </div>
      {detailsOpen ? <ProductDetailsDialog product={product} onClose={() => setDetailsOpen(false)} /> : null}
    </article>
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
