/** Seller tools: the add-product request as both the form and the server validate it, and its messages. */
import { z } from 'zod';
import { imageLimits } from './enums.js';
import { messages } from './messages.js';
import { isAmountText, parseAmount } from './money.js';
import { amountSchema, productCreateBody } from './schemas.js';

/**
 * The highest price a listing may carry, in the currency's major units: far above any furniture. In minor
 * units it must also fit the database's integer columns (see maxPriceMinor).
 */
export const maxPrice = 10_000_000;

/** The largest number of minor units a price column holds (PostgreSQL integer). */
export const maxPriceMinor = 2_147_483_647;

/** What the photo picker offers; the server still decides by decoding the file. */
export const acceptedImageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const sellerMessages = {
  priceTooHigh: 'Enter an amount of at most 10,000,000.',
  categoryNotFound: 'Choose one of the categories.',
  photoUnavailable:
    'One of the photos is no longer available (it was not uploaded by you, is used by another product, or has expired). Remove it and upload it again.',
  photosUploading: 'Wait until every photo has finished uploading.',
  photosFailed: 'Remove the photos that failed to upload, or try them again.',
  tooManyPhotos: `Add at most ${imageLimits.maxPhotos} photos.`,
  productNotFound: 'This product does not exist.',
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
} as const;

const amountWithinLimit = amountSchema.refine((value) => {
  // Read with three decimals, the most any accepted currency has, then compared in major units.
  const thousandths = parseAmount(value, 'BHD');
  return thousandths === null || thousandths <= maxPrice * 1000;
}, sellerMessages.priceTooHigh);

/**
 * POST /api/products and the Add A Product form. Unknown keys (a seller id, a status, an advertised flag)
 * are dropped: the seller comes from the session and a new product is always available and not advertised.
 */
export const productCreateRequest = productCreateBody.extend({
  originalPrice: amountWithinLimit,
  sellingPrice: amountWithinLimit,
  photoIds: z
    .array(z.uuid('Not a valid photo.'), { error: messages.required })
    .min(imageLimits.minPhotos, messages.required)
    .max(imageLimits.maxPhotos, sellerMessages.tooManyPhotos)
    .refine((ids) => new Set(ids).size === ids.length, 'Each photo can be used once.'),
});

/**
 * The Add A Product form in the shop's currency (GET /api/config): amounts with no more decimals than
 * that currency has (none for JPY, three for BHD), as the server will read them.
 */
export function productCreateRequestIn(currency: string): typeof productCreateRequest {
  const amountIn = amountWithinLimit.refine(
    (value) => !isAmountText(value) || parseAmount(value, currency) !== null,
    messages.invalidPrice,
  );
  return productCreateRequest.extend({
    originalPrice: amountIn,
    sellingPrice: amountIn,
  }) as typeof productCreateRequest;
}
export type ProductCreateRequest = z.input<typeof productCreateRequest>;
export type ProductCreateValues = z.output<typeof productCreateRequest>;
