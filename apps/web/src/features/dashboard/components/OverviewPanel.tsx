import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  cancelReasonLabel,
  formatNumber,
  jobMessages,
  localDigits,
  orderMessages,
  overviewMessages,
  t,
  type OverviewOrder,
  type Page,
  type RefundAttentionRow,
} from '@furniture-mart/shared';
import { Alert } from '../../../components/ui/Alert';
import { Price } from '../../../components/ui/Price';
import { Spinner } from '../../../components/ui/Spinner';
import { api, errorMessage } from '../../../lib/api';
import { useOverview } from '../api';
import { BackgroundJobs } from './BackgroundJobs';

function Card({ title, count, children }: { title: string; count?: number; children?: ReactNode }) {
  return (
    <section className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3">
        <h2 className="card-title flex items-center justify-between text-base">
          {title}
          {count !== undefined ? <span className="badge badge-primary">{formatNumber(count)}</span> : null}
        </h2>
        {children}
      </div>
    </section>
  );
}

function Orders({ items, pay }: { items: OverviewOrder[]; pay?: boolean }) {
  if (items.length === 0)
    return <p className="text-sm text-base-content/70">{overviewMessages.nothingToDo}</p>;
  return (
    <ul className="divide-y divide-base-300">
      {items.map((order) => (
        <li key={order.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <span className="min-w-0">
            <span className="block truncate font-medium">{order.productTitle}</span>
            <Price
              cents={order.priceCents}
              currency={order.currency}
              className="text-sm text-base-content/75"
            />
            {order.paymentMethod ? (
              <span className="block text-xs text-base-content/70">
                {t('paymentMethod.paidBy', { method: t(`paymentMethod.${order.paymentMethod}`) })}
              </span>
            ) : null}
          </span>
          <span className="flex items-center gap-2">
            {order.handoffCode ? (
              <span
                className="font-mono font-bold tracking-widest"
                aria-label={orderMessages.handoffCodeLabel}
              >
                {localDigits(order.handoffCode)}
              </span>
            ) : null}
            <Link
              to={pay ? `/dashboard/payment/${order.id}` : `/dashboard/orders/${order.id}`}
              className={`btn btn-sm ${pay ? 'btn-primary' : ''}`}
            >
              {pay ? overviewMessages.pay : orderMessages.viewOrder}
            </Link>
          </span>
        </li>
      ))}
    </ul>
  );
}

function RefundsNeedingAttention() {
  const refunds = useQuery({
    queryKey: ['admin', 'refunds'],
    queryFn: ({ signal }) => api.get<Page<RefundAttentionRow>>('/api/admin/refunds?pageSize=5', signal),
  });
  if (refunds.isPending) return <Spinner />;
  if (refunds.isError) return <Alert tone="error">{errorMessage(refunds.error)}</Alert>;
  return (
    <>
      <p className="text-sm text-base-content/75">{overviewMessages.refundsRetried}</p>
      <ul className="divide-y divide-base-300 text-sm">
        {refunds.data.items.map((refund) => (
          <li key={refund.id} className="py-2">
            <Price cents={refund.amountCents} currency={refund.currency} className="font-semibold" /> ·{' '}
            {cancelReasonLabel(refund.reason)}
            {refund.lastError ? <span className="block text-error">{refund.lastError}</span> : null}
          </li>
        ))}
      </ul>
    </>
  );
}

/** What needs doing, per role: orders to pay or hand over, new bookings, earnings, moderation queues. */
export function OverviewPanel() {
  const overview = useOverview();
  if (overview.isPending) return <Spinner />;
  if (overview.isError)
    return (
      <Alert tone="error" onRetry={() => void overview.refetch()}>
        {errorMessage(overview.error)}
      </Alert>
    );
  const data = overview.data;
  return (
    <div className="grid gap-4 lg:grid-cols-2" aria-label={overviewMessages.title}>
      {data.role === 'buyer' ? (
        <>
          <Card title={overviewMessages.toPay} count={data.toPay.total}>
            <Orders items={data.toPay.items} pay />
          </Card>
          <Card title={overviewMessages.awaitingHandoff} count={data.awaitingHandoff.total}>
            <Orders items={data.awaitingHandoff.items} />
          </Card>
        </>
      ) : data.role === 'seller' ? (
        <>
          <Card title={overviewMessages.newBookings} count={data.newBookings.total}>
            <Orders items={data.newBookings.items} />
          </Card>
          <Card title={overviewMessages.soldAwaitingHandoff} count={data.awaitingHandoff.total}>
            <Orders items={data.awaitingHandoff.items} />
          </Card>
          <Card title={t('menu.offers')} count={data.offersWaiting ?? 0}>
            <p className="text-sm text-base-content/80" data-testid="offers-waiting">
              {t('offer.waiting', { count: data.offersWaiting ?? 0 })}
            </p>
            <Link to="/dashboard/offers" className="btn btn-outline btn-sm w-fit">
              {t('offer.received')}
            </Link>
          </Card>
          <Card title={overviewMessages.earnings}>
            <dl className="grid grid-cols-[1fr_auto] gap-2">
              <dt>{overviewMessages.earningsCompleted}</dt>
              <dd className="font-semibold">
                <Price cents={data.earnings.completedCents} currency={data.earnings.currency} />
              </dd>
              <dt>{overviewMessages.earningsPending}</dt>
              <dd>
                <Price cents={data.earnings.pendingCents} currency={data.earnings.currency} />
              </dd>
            </dl>
          </Card>
        </>
      ) : (
        <>
          <Card title={overviewMessages.openReports} count={data.openReports}>
            <Link to="/dashboard/allReport" className="link link-primary text-sm">
              {t('reports.title')}
            </Link>
          </Card>
          <Card title={overviewMessages.sellersAwaitingVerification} count={data.sellersAwaitingVerification}>
            <Link to="/dashboard/allSellers" className="link link-primary text-sm">
              {t('sellers.title')}
            </Link>
          </Card>
          <Card title={overviewMessages.refundsNeedingAttention} count={data.refundsNeedingAttention}>
            {data.refundsNeedingAttention === 0 ? (
              <p className="text-sm text-base-content/70">{overviewMessages.nothingToDo}</p>
            ) : (
              <RefundsNeedingAttention />
            )}
          </Card>
          <Card title={jobMessages.title} count={data.failedJobs + data.stuckJobs}>
            <BackgroundJobs />
          </Card>
        </>
      )}
    </div>
  );
}
