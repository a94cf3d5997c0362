import { useState, type ReactNode } from 'react';
import type { ProductCard } from '@furniture-mart/shared';
import { PostDate } from '../../../components/PostDate';
import { Dialog } from '../../../components/ui/Dialog';
import { Price } from '../../../components/ui/Price';
import { ResponsivePhoto } from '../../../components/ui/ResponsivePhoto';
import { VerifiedMark } from '../../../components/ui/VerifiedMark';
import { SellerRating } from '../../../components/ui/SellerRating';
import { conditionLabels } from './conditionLabel';
import { NoPhoto } from './NoPhoto';
import { formatNumber, placeNameText, sizeText, t } from '@furniture-mart/shared';

interface ProductDetailsDialogProps {
  product: ProductCard;
  onClose: () => void;
}

/**
 * The whole listing in a modal: the large photos, the description and the measurements. Mounted only
 * while open, so the large photos are fetched only by people who ask for them.
 */
export function ProductDetailsDialog({ product, onClose }: ProductDetailsDialogProps) {
  const [photoIndex, setPhotoIndex] = useState(0);
  const photo = product.photos[photoIndex];
  const dimensions = sizeText(product.dimensions);

  return (
    // Photos beside the text on wide screens, above it on phones; the text column has the heading.
    <Dialog
      title={product.title}
      onClose={onClose}
      size="xl"
      header={false}
      boxClassName="p-0 md:grid md:grid-cols-[3fr_2fr]"
    >
      <div className="bg-base-200/60 md:flex md:flex-col md:justify-center">
        <figure className="aspect-[4/3] bg-base-200">
          {photo ? (
            <ResponsivePhoto
              photo={photo}
              fallback="middle"
              sizes="(min-width: 768px) 640px, 100vw"
              alt={t('product.photoNumberOf', {
                position: photoIndex + 1,
                count: product.photos.length,
                title: product.title,
              })}
              decoding="async"
              className="h-full w-full object-contain"
            />
          ) : (
            <NoPhoto className="h-full w-full" />
          )}
        </figure>
        {product.photos.length > 1 ? (
          <ul className="flex gap-2 overflow-x-auto px-5 py-3" aria-label={t('product.photos')}>
            {product.photos.map((candidate, index) => (
              <li key={candidate.thumbUrl} className="shrink-0">
                <button
                  type="button"
                  className={`block overflow-hidden rounded-field border-2 ${index === photoIndex ? 'border-primary' : 'border-transparent'}`}
                  aria-label={t('product.showPhoto', { position: index + 1, count: product.photos.length })}
                  aria-pressed={index === photoIndex}
                  onClick={() => setPhotoIndex(index)}
                >
                  <img
                    src={candidate.thumbUrl}
                    width={candidate.thumbWidth}
                    height={candidate.thumbHeight}
                    alt=""
                    className="h-14 w-auto"
                  />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="space-y-4 p-5 sm:p-6 md:overflow-y-auto">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 className="font-display text-2xl font-bold">{product.title}</h2>
          <p className="flex items-baseline gap-2">
            <Price cents={product.sellingPriceCents} className="text-2xl font-bold text-primary" />
            <span className="sr-only">{t('product.originally')}</span>
            <Price cents={product.originalPriceCents} strike className="text-base-content/80" />
          </p>
        </div>
        <p className="whitespace-pre-line text-base-content/90">{product.description}</p>
        <dl className="grid gap-y-2 text-sm">
          <DetailRow label={t('filters.condition')}>{conditionLabels[product.condition]}</DetailRow>
          <DetailRow label={t('filters.location')}>{placeNameText(product.placeName)}</DetailRow>
          <DetailRow label={t('product.yearsUsed')}>{formatNumber(product.yearsUsed)}</DetailRow>
          <DetailRow label={t('product.posted')}>
            <PostDate date={product.postedAt} />
          </DetailRow>
          {dimensions ? <DetailRow label={t('product.size')}>{dimensions}</DetailRow> : null}
          <DetailRow label={t('orders.contactSeller')}>
            <span className="inline-flex items-center gap-1.5">
              {product.seller.name}
              {product.seller.verified ? <VerifiedMark /> : null}
              <SellerRating rating={product.seller.rating} reviews={product.seller.reviews} size="sm" />
            </span>
          </DetailRow>
        </dl>
        <div className="flex justify-end">
          <button type="button" className="btn" onClick={onClose}>
            {t('dialog.close')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="min-w-24 text-base-content/70">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}
