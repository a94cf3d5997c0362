import { Link } from 'react-router';
import {
  formatDate,
  refusalReasonLabels,
  reviewMessages,
  t,
  type BookingDetail,
} from '@furniture-mart/shared';
import { notify } from '../../../components/ui/Toasts';
import { errorMessage } from '../../../lib/api';
import { useConfirmListing } from '../api';

const dayMonthYear = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' } as const;

/**
 * A refused order: the buyer's reason, words and photos, for the buyer, the seller and admins. The seller
 * puts the item back on sale by editing the listing or saying it is accurate.
 */
export function RefusalCard({ order, isSeller }: { order: BookingDetail; isSeller: boolean }) {
  const confirmListing = useConfirmListing(order.id);
  const refusal = order.refusal;
  if (!refusal) return null;
  const confirm = async () => {
    try {
      await confirmListing.mutateAsync();
      notify.success(reviewMessages.listingConfirmed);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };
  return (
    <section
      className="card border-2 border-error bg-error/5"
      aria-labelledby="refusal-heading"
      data-testid="refusal"
    >
      <div className="card-body gap-3">
        <h2 id="refusal-heading" className="card-title">
          {reviewMessages.refusalHeading}
        </h2>
        <p className="font-semibold">{refusalReasonLabels[refusal.reason]}</p>
        <p className="whitespace-pre-line break-words">{refusal.details}</p>
        <ul className="flex flex-wrap gap-2">
          {refusal.photos.map((photo) => (
            <li key={photo.url}>
              <a href={photo.url} target="_blank" rel="noreferrer">
                <img
                  src={photo.thumbUrl}
                  alt={refusalReasonLabels[refusal.reason]}
                  width={photo.thumbWidth}
                  height={photo.thumbHeight}
                  className="h-24 w-auto rounded-box object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
        <p className="text-sm text-base-content/80">{reviewMessages.seeRefund}</p>
        {isSeller && refusal.listingConfirmedAt === null && order.product.status !== 'removed' ? (
          <div className="space-y-2">
            <p className="text-sm">{reviewMessages.refusalSellerNote}</p>
            <div className="flex flex-wrap gap-2">
              <Link to={`/dashboard/products/${order.product.id}/edit`} className="btn btn-outline btn-sm">
                {reviewMessages.editListing}
              </Link>
              <button
                type="button"
                className="btn btn-primary btn-sm"
                disabled={confirmListing.isPending}
                onClick={() => void confirm()}
              >
                {reviewMessages.confirmListing}
              </button>
            </div>
          </div>
        ) : null}
        {refusal.listingConfirmedAt ? (
          <p className="text-sm text-base-content/80">
            {t('reviews.listingConfirmedAt', { date: formatDate(refusal.listingConfirmedAt, dayMonthYear) })}
          </p>
        ) : null}
      </div>
    </section>
  );
}
