/** Buying: booking a product, its orders as buyer and seller see them, and reporting a product. */
import { z } from 'zod';
import {
  bookingStatuses,
  paymentMethods,
  productReportReasons,
  productStatuses,
  reportLimits,
  reportReasons,
  reportStatuses,
} from './enums.js';
import { listingSnapshotSchema } from './condition.js';
import { choice, pageOf, phoneShape, photoSchema, requiredText, says, type PhoneField } from './common.js';
import { bookingReviewsSchema, ratingSchema, refusalSchema, reviewSchema } from './reviews.js';

// ---------- requests ----------

const bookingCreateFields = z.object({
  productId: z.uuid(says('common.invalidProduct')),
  phone: phoneShape,
  meetingLocation: requiredText(200),
});

/**
 * POST /api/bookings and the Book Now form, with `phone` the shop's region's rule (`phoneSchema` of the
 * `@furniture-mart/shared/phones` entry): any spelling in, E.164 stored.
 */
export const bookingCreateBodyIn = (phone: PhoneField) => bookingCreateFields.extend({ phone });
export type BookingCreateBody = z.input<typeof bookingCreateFields>;

export const reportCreateBody = z.object({
  productId: z.uuid(says('common.invalidProduct')),
  reason: choice(productReportReasons),
  details: z
    .string()
    .trim()
    .max(
      reportLimits.detailsMaxLength,
      says('common.atMostCharacters', { max: reportLimits.detailsMaxLength }),
    )
    .optional(),
});
export type ReportCreateBody = z.input<typeof reportCreateBody>;

// ---------- answers ----------

const bookingFields = {
  id: z.uuid(),
  status: z.enum(bookingStatuses),
  cancelReason: z.string().nullable(),
  priceCents: z.number().int(),
  currency: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  product: z.object({
    id: z.uuid(),
    title: z.string(),
    status: z.enum([...productStatuses, 'removed']),
    cover: photoSchema.nullable(),
  }),
  buyer: z.object({ id: z.uuid(), name: z.string(), email: z.string(), emailVerified: z.boolean() }),
  /** The seller as the buyer reaches them: phone only for the buyer who booked (null for anyone else). */
  seller: z.object({
    id: z.uuid(),
    name: z.string(),
    verified: z.boolean(),
    phone: z.string().nullable(),
  }),
  transactionId: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  /** The code the buyer tells the seller at pickup: only for the buyer, only while paid. */
  handoffCode: z.string().nullable(),
  /** Wrong codes are limited; at 0 the handoff is locked. */
  handoffAttemptsLeft: z.number().int(),
  /** How it is paid (null while nobody chose yet); `cash` is paid to the seller at pickup. */
  paymentMethod: z.enum(paymentMethods).nullable(),
  /** A cash reservation's end: after it the piece returns to sale. Null unless `reserved`. */
  reservedUntil: z.string().nullable(),
};

/** A booking in the buyer's own list (and the answer to booking). */
export const bookingSchema = z.object({ ...bookingFields, phone: z.string(), meetingLocation: z.string() });
export type Booking = z.infer<typeof bookingSchema>;

export const bookingPageSchema = pageOf(bookingSchema);

/**
 * GET /api/bookings/:id. The buyer's phone and meeting location are null unless the viewer is that buyer:
 * the seller and admins read them from the product's bookings list instead.
 */
export const bookingDetailSchema = z.object({
  ...bookingFields,
  phone: z.string().nullable(),
  meetingLocation: z.string().nullable(),
  /** What the buyer agreed to: the listing as it was when booked (null for bookings from before). */
  listingAtBooking: listingSnapshotSchema.nullable(),
  /** Why the buyer refused it at pickup, with their photos (null unless refused). */
  refusal: refusalSchema.nullable(),
  /** The two reviews of a handed-over order, for its buyer and seller (null for anyone else). */
  review: bookingReviewsSchema.nullable(),
  /** For the seller: what other sellers' published reviews say about the buyer (null for others). */
  buyerRating: ratingSchema.nullable(),
  /** For the seller: the newest published reviews sellers wrote about the buyer (null for others). */
  buyerReviews: z.array(reviewSchema).nullable(),
});
export type BookingDetail = z.infer<typeof bookingDetailSchema>;

/** A booking as the product's seller sees it: enough to arrange the meeting. */
export const productBookingSchema = z.object({
  id: z.uuid(),
  status: z.enum(bookingStatuses),
  cancelReason: z.string().nullable(),
  buyerName: z.string(),
  /** The buyer's email was confirmed through the verification mail. */
  buyerEmailVerified: z.boolean(),
  phone: z.string(),
  meetingLocation: z.string(),
  createdAt: z.string(),
});
export type ProductBooking = z.infer<typeof productBookingSchema>;

export const productBookingPageSchema = pageOf(productBookingSchema);

/** The answer to POST /api/reports. */
export const createdReportSchema = z.object({
  id: z.uuid(),
  productId: z.uuid(),
  reason: z.enum(reportReasons),
  details: z.string().nullable(),
  status: z.enum(reportStatuses),
  createdAt: z.string(),
});
export type CreatedReport = z.infer<typeof createdReportSchema>;
