import type { BookingDetail } from '@furniture-mart/shared';
import { orderMessages } from '@furniture-mart/shared';
import { useHydrated } from '../../../lib/useHydrated';
import { cancelReasonLabel, formatDate, t } from '@furniture-mart/shared';

interface Step {
  label: string;
  at: string | null;
  done: boolean;
}

function steps(order: BookingDetail): Step[] {
  const list: Step[] = [
    { label: t('timeline.booked'), at: order.createdAt, done: true },
    { label: t('timeline.paid'), at: order.paidAt, done: order.paidAt !== null },
  ];
  if (order.status === 'cancelled') {
    list[1] = {
      label: order.cancelReason
        ? t('timeline.cancelledBecause', { reason: cancelReasonLabel(order.cancelReason) })
        : t('timeline.cancelled'),
      at: order.cancelledAt,
      done: true,
    };
  } else if (order.status === 'refunded' || order.status === 'refused') {
    list.push({
      label: order.cancelReason
        ? t('timeline.refundedBecause', { reason: cancelReasonLabel(order.cancelReason) })
        : t('timeline.refunded'),
      at: order.refundedAt,
      done: true,
    });
  } else {
    list.push({ label: t('timeline.completed'), at: order.completedAt, done: order.status === 'completed' });
  }
  return list;
}

/** Booked, paid, then completed (or cancelled, or refunded), each with its time. */
export function OrderTimeline({ order }: { order: BookingDetail }) {
  const hydrated = useHydrated();
  const when = (at: string | null) =>
    at
      ? formatDate(at, { dateStyle: 'medium', timeStyle: 'short', ...(hydrated ? {} : { timeZone: 'UTC' }) })
      : null;
  return (
    <section aria-labelledby="order-timeline" className="space-y-2">
      <h2 id="order-timeline" className="text-lg font-semibold">
        {orderMessages.timeline}
      </h2>
      <ol className="ml-2 border-l-2 border-base-300">
        {steps(order).map((step) => (
          <li key={step.label} className="relative pb-4 pl-6 last:pb-0">
            <span
              aria-hidden="true"
              className={`absolute -left-[9px] top-1 h-4 w-4 rounded-full border-2 ${
                step.done ? 'border-primary bg-primary' : 'border-base-300 bg-base-100'
              }`}
            />
            <span className={`block font-medium ${step.done ? '' : 'text-base-content/75'}`}>
              {step.label}
            </span>
            {step.at ? <span className="block text-sm text-base-content/70">{when(step.at)}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
