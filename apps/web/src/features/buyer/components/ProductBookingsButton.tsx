/**
 * Opens the list of bookings for one of the seller's products (buyer name, phone, meeting place).
 * Rendered in the seller's My Products table; owned by the buyer feature.
 */
export function ProductBookingsButton({ openBookings }: { productId: string; productTitle: string; openBookings: number }) {
  return <span className="badge badge-ghost">{openBookings} open</span>;
}
