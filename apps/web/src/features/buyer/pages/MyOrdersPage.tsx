import { PagePlaceholder } from '../../../components/PagePlaceholder';

export function MyOrdersPage() {
  return (
    <PagePlaceholder
      title="My Orders"
      description="The furniture you booked, whether it is paid, and a Pay button for open bookings."
    />
  );
}
