import { Link } from 'react-router';
import { formatMoney, t, type Message, type Offer } from '@furniture-mart/shared';
import { useThreadOffer } from '../api';

type Card = NonNullable<Message['offer']>;

/** The amount a step is about: the offer's, or the counter's once there is one. */
function amountOf(card: Card, offer: Offer): number {
  if (card.event === 'countered') return offer.counterAmountCents ?? offer.amountCents;
  if (card.event === 'accepted') return offer.counterAmountCents ?? offer.amountCents;
  return offer.amountCents;
}

/** Whether the reader has to act on the offer now: the seller on an open one, the buyer on a counter. */
function mustAct(offer: Offer, meId: string | null): boolean {
  if (meId === offer.sellerId) return offer.status === 'open';
  if (meId === offer.buyerId) return offer.status === 'countered';
  return false;
}

/**
 * One step of an offer in the conversation (made, countered, accepted, declined, withdrawn, expired),
 * with the way to the offer: "Answer" for whoever must act, or a look at it.
 */
export function OfferThreadCard({ card, author, meId }: { card: Card; author: string; meId: string | null }) {
  const offer = useThreadOffer(card.id);
  const data = offer.data;
  const latest = data !== undefined && isLatest(card, data);
  return (
    <div className="my-2 flex justify-center" data-testid="offer-card" data-event={card.event}>
      <div className="w-full max-w-sm rounded-box border border-primary/30 bg-base-100 p-3 shadow-sm">
        {data ? (
          <>
            <p className="font-medium">
              {t(`offer.card.${card.event}`, {
                name: author,
                amount: formatMoney(amountOf(card, data), data.currency),
              })}
            </p>
            {latest ? (
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <span className="badge badge-outline">{t(`offer.status.${data.status}`)}</span>
                <Link
                  to={
                    data.status === 'accepted' && data.bookingId
                      ? `/dashboard/orders/${data.bookingId}`
                      : `/dashboard/offers/${data.id}`
                  }
                  className={`btn btn-xs ${mustAct(data, meId) ? 'btn-primary' : 'btn-outline'}`}
                >
                  {data.status === 'accepted'
                    ? t('offer.openOrder')
                    : mustAct(data, meId)
                      ? t('offer.answerNow')
                      : t('offer.openOffer')}
                </Link>
              </div>
            ) : null}
          </>
        ) : (
          <p className="text-sm text-base-content/70">{t('offer.openOffer')}</p>
        )}
      </div>
    </div>
  );
}

/** Only the card of the offer's current step carries its state and button; earlier ones are history. */
function isLatest(card: Card, offer: Offer): boolean {
  const now: Card['event'] =
    offer.status === 'open' || offer.status === 'awaiting_payment' ? 'made' : offer.status;
  return card.event === now;
}
