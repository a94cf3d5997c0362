import { formatDate, t, type Review } from '@furniture-mart/shared';

interface SellerRatingProps {
  /** The average of published reviews; null below three of them. */
  rating: number | null;
  reviews: number;
  size?: 'sm' | 'md';
}

/**
 * A person's rating as cards and pages show it: the average and how many reviews it comes from, or
 * "New seller" until there are enough reviews to mean something (issue 41).
 */
export function SellerRating({ rating, reviews, size = 'md' }: SellerRatingProps) {
  const small = size === 'sm' ? 'badge-sm' : '';
  if (rating === null) {
    return (
      <span className={`badge badge-ghost ${small}`} data-testid="seller-rating">
        {t('reviews.newSeller')}
      </span>
    );
  }
  return (
    <span
      className={`badge badge-warning badge-soft gap-1 font-semibold ${small}`}
      data-testid="seller-rating"
      role="img"
      aria-label={t('reviews.ratingAria', { rating, reviews })}
    >
      <span aria-hidden="true">{t('reviews.ratingSummary', { rating, reviews })}</span>
    </span>
  );
}

/** 1-5 stars in text, read out as "n stars". */
export function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={t('reviews.stars', { n: rating })} className="text-warning tracking-tight">
      {'★'.repeat(rating)}
      <span className="text-base-content/25">{'★'.repeat(5 - rating)}</span>
    </span>
  );
}

const dayMonthYear = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' } as const;

/** One published review with its author, date and the seller's answer; `actions` go below it. */
export function ReviewCard({ review, actions }: { review: Review; actions?: React.ReactNode }) {
  const date = review.publishedAt ?? review.createdAt;
  return (
    <article className="space-y-2 rounded-box border border-base-300 bg-base-100 p-4" data-testid="review">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars rating={review.rating} />
        <span className="font-semibold">{review.author.name}</span>
        <time dateTime={date} className="text-sm text-base-content/70">
          {formatDate(date, dayMonthYear)}
        </time>
      </header>
      <p className="whitespace-pre-line break-words">{review.text}</p>
      {review.reply ? (
        <div className="ml-4 border-l-2 border-base-300 pl-3 text-sm" data-testid="review-reply">
          <p className="font-semibold">{t('reviews.sellerAnswer')}</p>
          <p className="whitespace-pre-line break-words">{review.reply.text}</p>
        </div>
      ) : null}
      {actions}
    </article>
  );
}
