import type { ProductPageStatus } from '@furniture-mart/shared';
import { t } from '@furniture-mart/shared';

const tones: Record<ProductPageStatus, string> = {
  available: 'badge-success',
  being_paid: 'badge-warning',
  reserved: 'badge-warning',
  sold: 'badge-neutral',
};

/** Whether a product can still be booked, in words and colour. */
export function ProductStatusBadge({ status }: { status: ProductPageStatus }) {
  return (
    <span className={`badge badge-soft ${tones[status]} font-semibold`}>{t(`productStatus.${status}`)}</span>
  );
}
