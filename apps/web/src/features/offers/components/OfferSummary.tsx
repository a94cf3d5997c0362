import { formatMoney, t, type Offer } from '@furniture-mart/shared';

const tone: Record<Offer['status'], string> = {
  awaiting_payment: 'badge-warning',
  open: 'badge-info',
  countered: 'badge-secondary',
  accepted: 'badge-success',
  declined: 'badge-ghost',
  withdrawn: 'badge-ghost',
  expired: 'badge-ghost',
};

const live = (status: Offer['status']) =>
  status === 'awaiting_payment' || status === 'open' || status === 'countered';

/** Whole hours left until the offer's time runs out. */
export function hoursLeft(offer: Offer, now = Date.now()): number {
  return Math.max(0, Math.floor((Date.parse(offer.expiresAt) - now) / 3_600_000));
}

/** The offer at a glance: its state, its amounts against the price, and the time left to answer. */
export function OfferSummary({ offer }: { offer: Offer }) {
  return (
    <div className="space-y-1" data-testid="offer-summary">
      <p className="flex flex-wrap items-center gap-2">
        <span className={`badge ${tone[offer.status]}`} data-testid="offer-status">
          {t(`offer.status.${offer.status}`)}
        </span>
        {live(offer.status) ? (
          <span className="text-sm text-base-content/70">
            {t('offer.timeLeft', { hours: hoursLeft(offer) })}
          </span>
        ) : null}
      </p>
      <p className="font-medium">
        {t('offer.offered', {
          amount: formatMoney(offer.amountCents, offer.currency),
          price: formatMoney(offer.priceCents, offer.currency),
        })}
      </p>
      {offer.counterAmountCents !== null ? (
        <p className="font-medium text-secondary">
          {t('offer.counterOf', { amount: formatMoney(offer.counterAmountCents, offer.currency) })}
        </p>
      ) : null}
      {offer.declineReason ? (
        <p className="text-sm text-base-content/80">
          {t('offer.declinedBecause', { reason: offer.declineReason })}
        </p>
      ) : null}
    </div>
  );
}
