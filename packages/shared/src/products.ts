/**
 * Products: the add-product and edit requests as both the form and the server validate them, the product
 * page with its seller card, the seller's own products and uploaded photos.
 */
import { z } from 'zod';
import {
  bookingStatuses,
  conditions,
  locations,
  maxPrice,
  maxPriceMinor,
  productPageStatuses,
  productStatuses,
} from './enums.js';
import { currentLocale, sellerMessages } from './messages/index.js';
import { formatMoney, isAmountText, parseAmount, parseThousandths } from './money.js';
import {
  amountSchema,
  choice,
  pageOf,
  phoneShape,
  photoIdsSchema,
  photoSchema,
  requiredText,
  says,
  toMinorUnits,
  type PhoneField,
  yearsUsedSchema,
} from './common.js';
import { dimensionsField, listedDimensionsSchema } from './home.js';
import { homeFitSchema } from './fit.js';
import { checkEvidence, checklistSchema, flawsSchema, shownFlawSchema } from './condition.js';

// ---------- requests ----------

/**
 * A listing's district (required) and area (optional; '' or null is none), as ids of
 * `@furniture-mart/shared/places`. Only their shape here, so this entry does not carry the places' data:
 * the server and the product form check that the district lies in the division and the area in the
 * district (`checkListingPlace`, decision 0042).
 */
const placeFields = {
  district: z
    .string(says('places.chooseDistrict'))
    .trim()
    .min(1, says('places.chooseDistrict'))
    .max(60, says('places.chooseDistrict')),
  area: z.string(says('places.chooseArea')).trim().max(80, says('places.chooseArea')).nullable().optional(),
};

/** A place's name in both languages ("Mirpur, Dhaka"): each page shows its own. */
export const placeNameSchema = z.object({ en: z.string(), bn: z.string() });
export type PlaceNameText = z.infer<typeof placeNameSchema>;
/** The place in the language being spoken now. */
export const placeNameText = (name: PlaceNameText): string => name[currentLocale() === 'bn' ? 'bn' : 'en'];

const amountWithinLimit = amountSchema.refine((value) => {
  // Compared in major units.
  const thousandths = parseThousandths(value);
  return thousandths === null || thousandths <= maxPrice * 1000;
}, says('seller.priceTooHigh'));

/**
 * POST /api/products and the Add A Product form. Unknown keys (a seller id, a status, an advertised flag)
 * are dropped: the seller comes from the session and a new product is always available and not advertised.
 * The phone's rule is the shop's region's, put in by productCreateRequestIn and the body schemas below.
 */
export const productCreateRequest = z.object({
  title: requiredText(120),
  phone: phoneShape,
  originalPrice: amountWithinLimit,
  sellingPrice: amountWithinLimit,
  yearsUsed: yearsUsedSchema,
  description: z
    .string(says('common.enterDescription'))
    .trim()
    .min(1, says('common.enterDescription'))
    .max(4000, says('common.atMostCharacters', { max: 4000 })),
  location: choice(locations),
  ...placeFields,
  condition: choice(conditions),
  categoryId: z.uuid(says('common.required')),
  photoIds: photoIdsSchema,
  /** Required (by the server) in a category of bulky pieces; null or absent is "not measured". */
  dimensions: dimensionsField.optional(),
  // Condition with evidence (condition.ts): flaw photos among photoIds and the checklist, asked of good
  // and fair pieces by checkEvidence.
  flaws: flawsSchema.optional(),
  checklist: checklistSchema.optional(),
  /** The seller takes cash at pickup (decision 0090); absent at creation is no. */
  acceptsCash: z.boolean().optional(),
  /** "Firm price": the seller takes no offers on it (issue 40); absent is false. */
  firmPrice: z.boolean(says('common.required')).optional(),
});
export type ProductCreateRequest = z.input<typeof productCreateRequest>;

/**
 * The Add A Product form in the shop's currency (GET /api/config): amounts with no more decimals than
 * that currency has (none for JPY, three for BHD), as the server will read them, and the phone read by
 * the shop's region's rule (stored as E.164). The form sends what
 * was typed; productCreateBodyIn reads the same rules into stored values.
 */
export function productCreateRequestIn(currency: string, phone: PhoneField) {
  const amountIn = amountWithinLimit.refine(
    (value) => !isAmountText(value) || parseAmount(value, currency) !== null,
    says('common.invalidPrice'),
  );
  return productCreateRequest
    .extend({ phone, originalPrice: amountIn, sellingPrice: amountIn })
    .superRefine((body, ctx) => checkEvidence(body, ctx, true));
}

/** A price as it is stored: minor units of `currency`, at most what a price column holds. */
const storedPrice = (currency: string) => {
  const tooHigh = () => sellerMessages.priceAboveColumn(formatMoney(maxPriceMinor, currency));
  return amountWithinLimit.transform(toMinorUnits(currency, maxPriceMinor, tooHigh));
};

const wholeYears = (value: string | number): number => Number(String(value).trim());

/**
 * What the server runs for POST /api/products: the form's rules, then the values as they are stored:
 * prices in minor units of `currency` (at most what a price column holds), years as a number, measures
 * in millimetres,
 * the phone in E.164 by `phone`, the shop's region's rule.
 */
export function productCreateBodyIn(currency: string, phone: PhoneField) {
  const price = storedPrice(currency);
  return productCreateRequest
    .extend({ phone, originalPrice: price, sellingPrice: price })
    .superRefine((body, ctx) => checkEvidence(body, ctx, true))
    .transform(({ originalPrice, sellingPrice, yearsUsed, dimensions, flaws, checklist, ...rest }) => ({
      ...rest,
      originalPriceCents: originalPrice,
      sellingPriceCents: sellingPrice,
      yearsUsed: wholeYears(yearsUsed),
      dimensions: dimensions ?? null,
      flaws: flaws ?? [],
      checklist: checklist ?? null,
    }));
}
export type ProductCreateValues = z.output<ReturnType<typeof productCreateBodyIn>>;

/**
 * PATCH /api/products/:id: any of the add-product fields, with the same rules, read into stored values
 * the same way as productCreateBodyIn. An absent field stays as it is (undefined), `dimensions` null (or
 * every box blank) clears the measures; `photoIds` is the whole new list in order: photos of this product to keep and new
 * uploads. Unknown keys are dropped, so a body of only those is "nothing to change".
 */
export function productEditBodyIn(currency: string, phone: PhoneField) {
  const price = storedPrice(currency);
  const given = <T, R>(value: T | undefined, read: (value: T) => R): R | undefined =>
    value === undefined ? undefined : read(value);
  // Flaws must be among the photos sent; whether the edited listing still shows its evidence needs what
  // is stored, so the service decides that.
  return productCreateRequest
    .extend({ phone, originalPrice: price, sellingPrice: price })
    .partial()
    .refine((body) => Object.values(body).some((value) => value !== undefined), {
      error: () => sellerMessages.nothingToChange,
    })
    .superRefine((body, ctx) => checkEvidence(body, ctx, false))
    .transform(({ originalPrice, sellingPrice, yearsUsed, ...rest }) => ({
      ...rest,
      originalPriceCents: originalPrice,
      sellingPriceCents: sellingPrice,
      yearsUsed: given(yearsUsed, wholeYears),
    }));
}
export type ProductEditRequest = z.input<ReturnType<typeof productEditBodyIn>>;
export type ProductEditValues = z.output<ReturnType<typeof productEditBodyIn>>;

// ---------- answers ----------

/**
 * A product in the seller's own list. `paidBookings` counts paid and completed orders, so a sold item
 * never shows 0; `savedCount` is how many people saved it (never who).
 */
export const myProductSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  sellingPriceCents: z.number().int(),
  /** The price before a drop within the last 14 days ("was $X"), else null. */
  previousPriceCents: z.number().int().nullable(),
  postedAt: z.string(),
  status: z.enum(productStatuses),
  advertised: z.boolean(),
  openBookings: z.number().int(),
  paidBookings: z.number().int(),
  savedCount: z.number().int(),
  cover: photoSchema.nullable(),
  /** In a category of bulky pieces and listed before measures were asked: the seller is asked for them. */
  needsMeasurements: z.boolean(),
  /** Good or fair, on sale, and without a flaw photo or the checklist (listed before they were asked). */
  needsEvidence: z.boolean(),
  /** On sale and listed before districts were asked: the seller is asked for its district. */
  needsDistrict: z.boolean(),
});
export type MyProduct = z.infer<typeof myProductSchema>;

export const myProductPageSchema = pageOf(myProductSchema);

/** A photo of a product with its id, so an edit can keep, reorder or remove it. */
export const productPhotoSchema = photoSchema.extend({ id: z.uuid() });
export type ProductPhoto = z.infer<typeof productPhotoSchema>;

/** The seller card of a product page and the head of a seller page. */
export const sellerCardSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  verified: z.boolean(),
  memberSince: z.string(),
  /** Listings on sale now. */
  listings: z.number().int(),
  /** The average of published reviews (null below 3: "New seller") and how many there are. */
  rating: z.number().nullable(),
  reviews: z.number().int(),
});
export type SellerCard = z.infer<typeof sellerCardSchema>;

/** GET /api/products/:id: every field, its photos, its seller and what the caller can do with it. */
export const productPageSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  category: z.object({ id: z.uuid(), slug: z.string(), title: z.string() }),
  location: z.enum(locations),
  /** District and area ids (null: not given), and the place as cards and the page read it. */
  district: z.string().nullable(),
  area: z.string().nullable(),
  placeName: placeNameSchema,
  condition: z.enum(conditions),
  sellingPriceCents: z.number().int(),
  originalPriceCents: z.number().int(),
  /** The price before a drop within the last 14 days ("was $X"), else null. */
  previousPriceCents: z.number().int().nullable(),
  currency: z.string(),
  yearsUsed: z.number().int(),
  postedAt: z.string(),
  /** The seller takes no offers on it (issue 40). */
  firmPrice: z.boolean().optional(),
  dimensions: listedDimensionsSchema,
  /**
   * For a signed-in buyer with a saved home, when the piece has its three measures: whether it passes
   * each opening; otherwise null.
   */
  fit: homeFitSchema.nullable(),
  photos: z.array(productPhotoSchema),
  /** Photos of `photos` the seller marked as showing a flaw, with their captions, in photo order. */
  flaws: z.array(shownFlawSchema),
  /** The seller's yes/no answers; null for a listing from before the checklist was asked. */
  checklist: checklistSchema.nullable(),
  status: z.enum(productPageStatuses),
  /** The seller takes cash at pickup (when the shop allows cash at all). */
  acceptsCash: z.boolean(),
  seller: sellerCardSchema,
  /** What the signed-in caller can do with it. */
  viewer: z.object({
    own: z.boolean(),
    favourite: z.boolean(),
    /** The caller's own booking of it (open, paid or completed): Book Now leads to that order. */
    booking: z.object({ id: z.uuid(), status: z.enum(bookingStatuses) }).nullable(),
    /** Only for its seller: the phone buyers see after paying, for the edit form. */
    phone: z.string().nullable(),
    /** Only for its seller: how many people saved it (never who). */
    savedCount: z.number().int().nullable(),
  }),
});
export type ProductPage = z.infer<typeof productPageSchema>;

/** POST /api/uploads/images: the photo, ready to be one of a new product's photoIds. */
export const uploadedImageSchema = z.object({ id: z.uuid(), ...photoSchema.shape });
export type UploadedImage = z.infer<typeof uploadedImageSchema>;
