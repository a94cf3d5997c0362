import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  buyerMessages,
  formatDate,
  orderMessages,
  reviewMessages,
  walletOutcomes,
  type BookingDetail,
  type WalletOutcome,
} from '@furniture-mart/shared';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { PhoneLink } from '../../../components/PhoneLink';
import { Alert } from '../../../components/ui/Alert';
import { Price } from '../../../components/ui/Price';
import { PageSpinner } from '../../../components/ui/Spinner';
import { VerifiedMark } from '../../../components/ui/VerifiedMark';
import { useAuth } from '../../../lib/session';
import { errorMessage, isApiError } from '../../../lib/api';
import { useOrder, useOrderConversation } from '../api';
import { OrderStatusBadge } from '../components/OrderStatusBadge';
import { OrderTimeline } from '../components/OrderTimeline';
import { SellerHandoff } from '../components/SellerHandoff';
import { ListingAtBooking } from '../components/ListingAtBooking';
import { OrderReviews } from '../components/OrderReviews';
import { RefusalCard } from '../components/RefusalCard';
import { RefuseAtPickup } from '../components/RefuseAtPickup';
import { ReviewCard, SellerRating } from '../../../components/ui/SellerRating';
import { localDigits, overviewMessages, t } from '@furniture-mart/shared';

/**
 * One party or place of the order. Its lines sit in a box of their own at the top of the card: a card
 * body stretches a paragraph that is its direct child, which sank a lone line (the seller's card seen by
 * the seller, who has no phone to show there) to the middle of a card made tall by its neighbours.
 */
function Contact({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="card border border-base-300 bg-base-100">
      <div className="card-body gap-1">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-base-content/70">{title}</h2>
        <div className="flex flex-col items-start gap-1">{children}</div>
      </div>
    </div>
  );
}

/**
 * One order, the whole story: product, price, status timeline, both contacts, the meeting place and the
 * handoff. The buyer sees the seller's phone and their code; the seller enters the code or cancels.
 */
export function OrderPage() {
  const { id = '' } = useParams();
  const auth = useAuth();
  const order = useOrder(id);
  if (order.isPending) return <PageSpinner />;
  if (order.isError) {
    // The buyer deleted it: nothing to retry, only where to go instead.
    if (isApiError(order.error) && order.error.code === 'ORDER_DELETED')
      return (
        <Alert
          tone="info"
          action={
            <Link to="/dashboard/myOrders" className="btn btn-sm">
              {buyerMessages.goToMyOrders}
            </Link>
          }
        >
          {order.error.message}
        </Alert>
      );
    return (
      <Alert tone="error" onRetry={() => void order.refetch()}>
        {errorMessage(order.error)}
      </Alert>
    );
  }
  return <OrderDetails data={order.data} meId={auth.status === 'signedIn' ? auth.me.user.id : null} />;
}

/** A link to the buyer's and seller's conversation about the piece, when they had one. */
function ConversationLink({ order, meId }: { order: BookingDetail; meId: string | null }) {
  const isBuyer = meId === order.buyer.id;
  const isSeller = meId === order.seller.id;
  const counterpart = isBuyer ? order.seller : order.buyer;
  const conversation = useOrderConversation(order.product.id, counterpart.id, isBuyer || isSeller);
  if (!conversation.data) return null;
  return (
    <Link to={`/dashboard/messages/${conversation.data.id}`} className="btn btn-outline btn-sm mt-2 w-fit">
      {t('chat.orderConversation', { name: counterpart.name })}
    </Link>
  );
}

/** What the wallet's callback found, as the order page tells it (?wallet=paid|cancelled|failed|pending). */
function WalletOutcomeNotice() {
  const [params] = useSearchParams();
  const outcome = params.get('wallet');
  if (!outcome || !(walletOutcomes as readonly string[]).includes(outcome)) return null;
  const known = outcome as WalletOutcome;
  const tone = known === 'paid' ? 'success' : known === 'pending' ? 'info' : 'warning';
  const paymentId = params.get('paymentID');
  return (
    <Alert
      tone={tone}
      role="status"
      action={
        known === 'pending' && paymentId ? (
          // Asking again is safe: the server believes only the wallet's own answer.
          <a
            className="btn btn-sm"
            href={`/api/payments/wallet/callback?paymentID=${encodeURIComponent(paymentId)}&status=success`}
          >
            {t('wallet.checkAgain')}
          </a>
        ) : undefined
      }
    >
      {t(`wallet.outcome.${known}`)}
    </Alert>
  );
}

function OrderDetails({ data, meId }: { data: BookingDetail; meId: string | null }) {
  const isBuyer = meId === data.buyer.id;
  const isSeller = meId === data.seller.id;

  return (
    <section className="space-y-6">
      <DocumentTitle title={`${orderMessages.orderTitle}: ${data.product.title}`} />
      {isBuyer ? <WalletOutcomeNotice /> : null}
      <header className="flex flex-wrap items-start gap-4">
        {data.product.cover ? (
          <img
            src={data.product.cover.thumbUrl}
            alt=""
            width={96}
            height={72}
            className="h-18 w-24 rounded-box object-cover"
          />
        ) : null}
        <div className="min-w-0 flex-1 space-y-1">
          <p className="text-sm text-base-content/70">{orderMessages.orderTitle}</p>
          <h1 className="font-display text-2xl font-bold sm:text-3xl">{data.product.title}</h1>
          <p className="flex flex-wrap items-center gap-3 text-lg">
            <Price cents={data.priceCents} currency={data.currency} className="font-semibold" />
            <OrderStatusBadge status={data.status} />
          </p>
          {data.paymentMethod ? (
            <p className="text-sm text-base-content/80" data-testid="paid-by">
              {t('paymentMethod.paidBy', { method: t(`paymentMethod.${data.paymentMethod}`) })}
            </p>
          ) : null}
        </div>
        {isBuyer && data.status === 'booked' ? (
          <Link to={`/dashboard/payment/${data.id}`} className="btn btn-primary">
            {overviewMessages.pay}
          </Link>
        ) : null}
      </header>

      {isBuyer && data.handoffCode ? (
        <section className="card border-2 border-primary bg-primary/5" aria-labelledby="handoff-code">
          <div className="card-body gap-2">
            <h2 id="handoff-code" className="card-title">
              {orderMessages.handoffCodeLabel}
            </h2>
            <p className="font-mono text-4xl font-bold tracking-[0.3em]" data-testid="handoff-code">
              {localDigits(data.handoffCode)}
            </p>
            <p className="text-base-content/80">{orderMessages.handoffCodeHelp}</p>
            {data.status === 'reserved' && data.reservedUntil ? (
              <p className="font-semibold" data-testid="reserved-until">
                {t('cash.reservedUntil', {
                  until: formatDate(new Date(data.reservedUntil), {
                    weekday: 'short',
                    hour: 'numeric',
                    minute: '2-digit',
                  }),
                })}
              </p>
            ) : null}
            {data.status === 'paid' ? (
              <p className="font-semibold" data-testid="possession-warning">
                {reviewMessages.possessionWarning}
              </p>
            ) : null}
          </div>
        </section>
      ) : null}
      {data.paymentMethod === 'cash' ? <Alert tone="info">{t('cash.nothingOnline')}</Alert> : null}
      {isBuyer && data.status === 'paid' ? <RefuseAtPickup orderId={data.id} /> : null}
      {data.status === 'refused' ? <RefusalCard order={data} isSeller={isSeller} /> : null}
      <OrderReviews order={data} isSeller={isSeller} />

      <div className="grid gap-4 md:grid-cols-3">
        <Contact title={orderMessages.contactSeller}>
          <p className="flex items-center gap-1 font-semibold">
            {data.seller.name}
            {data.seller.verified ? <VerifiedMark /> : null}
          </p>
          {data.seller.phone ? <PhoneLink phone={data.seller.phone} data-testid="seller-phone" /> : null}
          {isBuyer ? <ConversationLink order={data} meId={meId} /> : null}
        </Contact>
        <Contact title={orderMessages.contactBuyer}>
          <p className="font-semibold">{data.buyer.name}</p>
          {data.buyerRating ? (
            <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="buyer-rating">
              <span className="text-base-content/70">{reviewMessages.buyerRating}</span>
              {data.buyerRating.reviews > 0 ? (
                <SellerRating rating={data.buyerRating.rating} reviews={data.buyerRating.reviews} size="sm" />
              ) : (
                <span>{reviewMessages.buyerNew}</span>
              )}
            </p>
          ) : null}
          {data.buyerReviews && data.buyerReviews.length > 0 ? (
            <ul className="w-full space-y-2" data-testid="buyer-reviews">
              {data.buyerReviews.map((review) => (
                <li key={review.id}>
                  <ReviewCard review={review} />
                </li>
              ))}
            </ul>
          ) : null}
          {data.phone ? <PhoneLink phone={data.phone} /> : null}
          {isSeller || isBuyer ? <p className="text-sm break-all">{data.buyer.email}</p> : null}
          {data.buyer.emailVerified ? (
            <p className="text-sm">
              <VerifiedMark variant="badge" label={orderMessages.emailVerifiedMark} />
            </p>
          ) : (
            // Said in words beside the mark, for every reader: a tooltip would reach neither a phone nor
            // a screen reader.
            <div className="space-y-1 text-sm">
              <span className="badge badge-ghost">{orderMessages.emailNotVerifiedMark}</span>
              <p className="text-xs text-base-content/70" data-testid="email-not-verified-explained">
                {isBuyer ? orderMessages.emailNotVerifiedYours : orderMessages.emailNotVerifiedExplained}
              </p>
            </div>
          )}
          {isSeller ? <ConversationLink order={data} meId={meId} /> : null}
        </Contact>
        <Contact title={orderMessages.meetingPlace}>
          <p className="font-semibold">{data.meetingLocation ?? '—'}</p>
        </Contact>
      </div>

      {isSeller && (data.status === 'paid' || data.status === 'reserved') ? (
        <SellerHandoff order={data} />
      ) : null}

      <OrderTimeline order={data} />

      {data.listingAtBooking ? <ListingAtBooking listing={data.listingAtBooking} /> : null}
    </section>
  );
}
