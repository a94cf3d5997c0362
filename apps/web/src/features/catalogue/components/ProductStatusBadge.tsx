import type { ProductPageStatus } from '@furniture-mart/shared';

const labels: Record<ProductPageStatus, { text: string; tone: string }> = {
  available: { text: 'Available', tone: 'badge-success' },
  being_paid: { text: 'Being paid for', tone: 'badge-warning' },
  sold: { text: 'Sold', tone: 'badge-neutral' },
};

/** Whether a product can still be booked, in words and colour. */
export function ProductStatusBadge({ status }: { status: ProductPageStatus }) {
  const { text, tone } = labels[status];
  return <span className={`badge badge-soft ${tone} font-semibold`}>{text}</span>;
}
