/** Seller tools: adding products, photos and advertising. */
import { imageLimits } from '../enums.js';

export const sellerMessages = {
  priceTooHigh: 'Enter an amount of at most 10,000,000.',
  /** The highest amount the price columns hold, shown in the shop's currency. */
  priceAboveColumn: (formatted: string) => `Enter an amount of at most ${formatted}.`,
  categoryNotFound: 'Choose one of the categories.',
  photoUnavailable:
    'One of the photos is no longer available (it was not uploaded by you, is used by another product, or has expired). Remove it and upload it again.',
  photosUploading: 'Wait until every photo has finished uploading.',
  photosFailed: 'Remove the photos that failed to upload, or try them again.',
  tooManyPhotos: `Add at most ${imageLimits.maxPhotos} photos.`,
  productNotFound: 'This product does not exist.',
  nothingToChange: 'Change at least one field.',
  editSold: 'This product has been sold, so it can no longer be changed.',
  editBeingPaid:
    'Someone is paying for this product right now, so it cannot be changed. Try again in a few minutes.',
  productUpdated: 'Your changes are saved.',
  saleWaitingForHandoff:
    'This product is paid for and waiting for its handoff. Cancel that sale on its order page first (the buyer is refunded in full), then delete the product.',
  alreadyAdvertised: 'This product is already advertised.',
  soldCannotAdvertise: 'This product has been sold, so it cannot be advertised.',
  removedCannotAdvertise: 'This product has been deleted, so it cannot be advertised.',
  noFile: 'Choose a photo to upload.',
  oneFileOnly: 'Upload one photo per request.',
  notMultipart: 'Send the photo as multipart/form-data in a field named "file".',
  malformedUpload: 'The upload was interrupted or malformed. Please try again.',
  fileTooLarge: 'Photos can be at most 10 MB each.',
  tooManyPendingPhotos:
    'You have many photos waiting to be added to a product. Add a product with them, or try again tomorrow.',
  imageNotFound: 'This image does not exist.',
} as const;
