/**
 * Query keys that one feature fills and another refreshes after a change (a booking made from a product
 * card shows in My Orders; a handoff changes the dashboard overview and the seller's bookings list).
 */
export const sharedKeys = {
  overview: ['overview'] as const,
  myBookings: ['my-bookings'] as const,
  productBookings: ['product-bookings'] as const,
  sellerProducts: ['seller'] as const,
  /** A buyer's saved products and dashboard notices: the heart changes them, the favourites page reads them. */
  favourites: ['favourites'] as const,
  /**
   * Conversations and what counts them: the messages feature fills them, the product and order pages
   * read a product's conversation under it, and a live event refreshes them all.
   */
  conversations: ['conversations'] as const,
  /** Offers (issue 40): the offers feature fills them, conversation cards and the overview read them. */
  offers: ['offers'] as const,
};
