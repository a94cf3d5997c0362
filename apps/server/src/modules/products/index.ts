/**
 * What other modules may use of products: how a photo and the shared product expressions are read, and
 * taking products off the market (the one cascade of refunds, cancelled bookings and notices).
 */
export { photoColumns, toPhoto, toPhotoOrNull, type MaybePhotoRow, type PhotoRow } from './photos.js';
export {
  beingPaid,
  dimensionColumns,
  pageStatus,
  previousPrice,
  savedCount,
  toDimensions,
} from './product-sql.js';
export { cancelOpenBookings, removeProducts } from './removal.js';
export { listingsOfSeller } from './product-page.service.js';
export { takeListingSnapshot, toListingSnapshot } from './snapshot.js';
export { checkPlaceFilter, placeNameOf } from './places.js';
