import { PagePlaceholder } from '../../../components/PagePlaceholder';

export function PaymentPage() {
  return (
    <PagePlaceholder
      title="Payment"
      description="Pay for a booked item by card and get a transaction id as your receipt."
    />
  );
}
