import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { notify } from '../../../components/ui/Toasts';
import { buyerMessages, messages, postDateLabel, type Booking } from '@furniture-mart/shared';
import { useConfirm } from '../../../components/ui/ConfirmDialog';
import { DataTable, type Column } from '../../../components/ui/DataTable';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { Alert } from '../../../components/ui/Alert';
import { Pagination } from '../../../components/ui/Pagination';
import { Price } from '../../../components/ui/Price';
import { errorMessage } from '../../../lib/api';
import { ORDERS_PAGE_SIZE, useDeleteBooking, useMyBookings } from '../api';
import { OrderPayment } from '../components/OrderPayment';
import { formatNumber, t } from '@furniture-mart/shared';
import { MessageWith } from '../../../components/MessageWith';

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

export function MyOrdersPage() {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params);
  const orders = useMyBookings(page);
  const deleteBooking = useDeleteBooking();
  const [confirm, confirmElement] = useConfirm();

  const setPage = (next: number) => {
    setParams(next > 1 ? { page: String(next) } : {});
  };

  // Deleting the last order of the last page leaves that page empty: step back to one that has orders.
  const lastPage = orders.data ? Math.max(1, Math.ceil(orders.data.total / ORDERS_PAGE_SIZE)) : page;
  useEffect(() => {
    if (!orders.isPlaceholderData && page > lastPage)
      setParams(lastPage > 1 ? { page: String(lastPage) } : {}, { replace: true });
  }, [page, lastPage, orders.isPlaceholderData, setParams]);

  const remove = async (booking: Booking) => {
    const confirmed = await confirm({
      title: t('myOrders.deleteTitle'),
      message: messages.confirmDeleteOrder,
      confirmLabel: t('admin.delete'),
      destructive: true,
    });
    if (!confirmed) return;
    try {
      await deleteBooking.mutateAsync(booking.id);
      notify.success(buyerMessages.orderDeleted);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  // A paid order waiting for its handoff stays: its page holds the code the buyer collects the item with.
  const deleteButton = (booking: Booking) =>
    booking.status === 'paid' ? (
      <Link to={`/dashboard/orders/${booking.id}`} className="btn btn-primary btn-outline btn-sm">
        {t('orders.viewOrder')}
      </Link>
    ) : (
      <button
        type="button"
        className="btn btn-error btn-outline btn-sm"
        aria-label={t('myOrders.deleteFor', { title: booking.product.title })}
        disabled={deleteBooking.isPending && deleteBooking.variables === booking.id}
        onClick={() => void remove(booking)}
      >
        {t('admin.delete')}
      </button>
    );

  const columns: Column<Booking>[] = [
    {
      header: t('myOrders.serial'),
      cell: (_booking, index) => formatNumber((page - 1) * ORDERS_PAGE_SIZE + index + 1),
      // At 320 px the serial number gives its width to the name, so nothing is cut off at the edge.
      className: 'hidden w-12 tabular-nums @sm:table-cell',
    },
    {
      header: t('myOrders.photo'),
      cell: (booking) =>
        booking.product.cover ? (
          <img
            src={booking.product.cover.thumbUrl}
            width={booking.product.cover.thumbWidth}
            height={booking.product.cover.thumbHeight}
            alt={booking.product.title}
            loading="lazy"
            className="h-14 w-14 rounded-lg object-cover"
          />
        ) : (
          <span className="block h-14 w-14 rounded-lg bg-base-200" aria-hidden="true" />
        ),
    },
    {
      header: t('booking.name'),
      cell: (booking) => (
        <span className="flex min-w-32 flex-col gap-0.5 @sm:min-w-40">
          <span className="font-medium">{booking.product.title}</span>
          <span className="text-xs text-base-content/70">
            <MessageWith
              message={(date) => t('myOrders.booked', { date })}
              slot={<time dateTime={booking.createdAt}>{postDateLabel(booking.createdAt)}</time>}
            />
          </span>
          {/* Where the table is too narrow for its last three columns, they move under the name. */}
          <span className="mt-2 flex flex-wrap items-center gap-2 @xl:hidden">
            <Price cents={booking.priceCents} currency={booking.currency} className="font-medium" />
            <OrderPayment booking={booking} />
            {deleteButton(booking)}
          </span>
        </span>
      ),
    },
    {
      header: t('booking.price'),
      cell: (booking) => <Price cents={booking.priceCents} currency={booking.currency} />,
      className: 'hidden whitespace-nowrap @xl:table-cell',
    },
    {
      header: t('myOrders.payment'),
      cell: (booking) => <OrderPayment booking={booking} />,
      className: 'hidden @xl:table-cell',
    },
    {
      header: t('admin.action'),
      cell: (booking) => deleteButton(booking),
      className: 'hidden @xl:table-cell',
    },
  ];

  return (
    <section className="space-y-6">
      <DocumentTitle title={t('myOrders.title')} />
      <header className="space-y-2">
        <h1 className="font-display text-3xl font-bold sm:text-4xl">{t('myOrders.title')}</h1>
        <p className="max-w-2xl text-base-content/80">{t('myOrders.intro')}</p>
      </header>
      {orders.isError && !orders.data ? (
        <Alert tone="error" onRetry={() => void orders.refetch()}>
          {errorMessage(orders.error)}
        </Alert>
      ) : (
        <>
          <div className="@container">
            <DataTable
              caption={t('myOrders.title')}
              columns={columns}
              rows={orders.data?.items ?? []}
              rowKey={(booking) => booking.id}
              isLoading={orders.isPending}
            />
          </div>
          {orders.data ? (
            <Pagination
              page={page}
              pageSize={ORDERS_PAGE_SIZE}
              total={orders.data.total}
              onPageChange={setPage}
              label={t('myOrders.pages')}
            />
          ) : null}
        </>
      )}
      {confirmElement}
    </section>
  );
}
