import { useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { messages, orderMessages, postDateLabel } from '@furniture-mart/shared';
import { PhoneLink } from '../../../components/PhoneLink';
import { Alert } from '../../../components/ui/Alert';
import { Dialog } from '../../../components/ui/Dialog';
import { Pagination } from '../../../components/ui/Pagination';
import { Spinner } from '../../../components/ui/Spinner';
import { VerifiedMark } from '../../../components/ui/VerifiedMark';
import { errorMessage } from '../../../lib/api';
import { PRODUCT_BOOKINGS_PAGE_SIZE, useProductBookings } from '../api';
import { BookingStatusLabel } from './BookingStatusLabel';
import { t } from '@furniture-mart/shared';

interface ProductBookingsDialogProps {
  productId: string;
  productTitle: string;
  onClose: () => void;
  returnFocusRef: RefObject<HTMLElement | null>;
}

/** Who booked one product and how to reach them, so the seller can arrange the meeting. */
export function ProductBookingsDialog({
  productId,
  productTitle,
  onClose,
  returnFocusRef,
}: ProductBookingsDialogProps) {
  const [page, setPage] = useState(1);
  const bookings = useProductBookings(productId, page, true);

  return (
    <Dialog
      title={t('sellerBookings.title', { title: productTitle })}
      onClose={onClose}
      returnFocusRef={returnFocusRef}
      size="lg"
    >
      {bookings.isPending ? (
        <div className="grid place-items-center py-10">
          <Spinner />
        </div>
      ) : bookings.isError ? (
        <Alert tone="error" onRetry={() => void bookings.refetch()}>
          {errorMessage(bookings.error)}
        </Alert>
      ) : bookings.data.items.length === 0 ? (
        <p className="py-8 text-center text-base-content/70">{messages.noData}</p>
      ) : (
        <div className="space-y-4">
          <ul className="space-y-3" aria-label={t('sellerBookings.buyersWhoBooked', { title: productTitle })}>
            {bookings.data.items.map((booking) => (
              <li key={booking.id} className="rounded-box border border-base-300 bg-base-100 p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="flex flex-wrap items-center gap-2 font-semibold">
                    {booking.buyerName}
                    {booking.buyerEmailVerified ? (
                      <VerifiedMark variant="badge" size="sm" label={orderMessages.emailVerifiedMark} />
                    ) : null}
                  </h3>
                  <BookingStatusLabel booking={booking} />
                </div>
                <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
                  <dt className="text-base-content/70">{t('booking.phone')}</dt>
                  <dd className="break-words">
                    <PhoneLink phone={booking.phone} />
                  </dd>
                  <dt className="text-base-content/70">{t('booking.meetingLocation')}</dt>
                  <dd className="break-words">{booking.meetingLocation}</dd>
                  <dt className="text-base-content/70">{t('sellerBookings.bookedOn')}</dt>
                  <dd>
                    <time dateTime={booking.createdAt}>{postDateLabel(booking.createdAt)}</time>
                  </dd>
                </dl>
                {booking.status !== 'booked' && booking.status !== 'cancelled' ? (
                  <Link to={`/dashboard/orders/${booking.id}`} className="btn btn-sm btn-primary mt-3">
                    {orderMessages.viewOrder}
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            pageSize={PRODUCT_BOOKINGS_PAGE_SIZE}
            total={bookings.data.total}
            onPageChange={setPage}
            label={t('sellerBookings.pages')}
          />
        </div>
      )}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose} data-autofocus>
          {t('dialog.close')}
        </button>
      </div>
    </Dialog>
  );
}
