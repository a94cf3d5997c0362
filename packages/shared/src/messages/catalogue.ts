/** Browsing the catalogue: filters, categories, product and seller pages, favourites and their notices. */
export const catalogueMessages = {
  priceRange: 'The maximum price cannot be lower than the minimum price.',
  unknownCategory: 'This category does not exist.',
  categoryNotFound: 'This category does not exist. Pick one from the home page.',
  productNotFound: 'This product does not exist.',
  invalidProduct: 'Not a valid product.',
  sellerNotFound: 'This seller does not exist.',
  favouriteSaved: 'Saved to your favourites.',
  favouriteRemoved: 'Removed from your favourites.',
  favouriteSold: 'This item has already been sold, so it cannot be saved.',
  favouriteOwn: 'You cannot save your own product.',
  noFavourites: 'You have not saved any furniture yet.',
  noNotices: 'Nothing new about the furniture you saved.',
  alreadyBookedLead: 'You booked this item. Open your order to pay or follow it.',
  bookedByYou: 'You booked this item.',
  sortBestMatch: 'Best match',
  sortNewest: 'Newest first',
  was: (amount: string) => `was ${amount}`,
  noticePriceDrop: (title: string, from: string, to: string) =>
    `The price of “${title}” dropped from ${from} to ${to}.`,
  noticeSold: (title: string) => `“${title}”, which you saved, has been sold.`,
  noticeRemoved: (title: string) => `“${title}”, which you saved, is no longer on sale.`,
} as const;
