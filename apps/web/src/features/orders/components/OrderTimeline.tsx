import type { BookingDetail } from '@furniture-mart/shared';
import { orderMessages } from '@furniture-mart/shared';
import { useHydrated } from '../../../lib/useHydrated';

interface Step {
  label: string;
  at: string | null;
  done: boolean;
}

function steps(order: BookingDetail): Step[] {
  const list: Step[] = [
    { label: 'Booked', at: order.createdAt, done: true },
    { label: 'Paid', at: order.paidAt, done: order.paidAt !== null },
  ];
  if (order.status === 'cancelled') {
    list[1] = {
      label: `Cancelled${order.cancelReason ? `: ${order.cancelReason}` : ''}`,
      at: order.cancelledAt,
      done: true,
    };
  } else if (order.status === 'refunded') {
    list.push({
      label: `Refunded${order.cancelReason ? `: ${order.cancelReason}` : ''}`,
      at: order.refundedAt,
      done: true,
    });
  } else {
    list.push({ label: 'Handed over, completed', at: order.completedAt, done: order.status === 'completed' });
  }
  return list;
}

/** Booked, paid, then completed (or cancelled, or refunded), each with its time. */
export function OrderTimeline({ order }: { order: BookingDetail }) {
  const hydrated = useHydrated();
  const when = (at: string | null) =>
    at ? new Date(at).toLocaleString(undefined, hydrated ? undefined : { timeZone: 'UTC' }) : null;
  return (
    <section aria-labelledby="order-timeline" className="space-y-2">
      <h2 id="order-timeline" className="text-lg font-semibold">
        {orderMessages.timeline}
      </h2>
      <ul className="steps steps-vertical">
        {steps(order).map((step) => (
          <li key={step.label} className={`step ${step.done ? 'step-primary' : ''}`}>
            <span className="text-left">
              <span className="block font-medium">{step.label}</span>
              {step.at ? <span className="block text-sm text-base-content/70">{when(step.at)}</span> : null}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
