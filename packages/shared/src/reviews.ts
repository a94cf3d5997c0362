/**
 * Trust between strangers (issue 41): refusing an item at pickup, the two-sided reviews written after a
 * handoff, and the reputation a seller's page and cards show.
 */
import { z } from 'zod';
import { messageReportReasons, refusalLimits, refusalReasons, reviewLimits } from './enums.js';
import { choice, pageOf, photoSchema, says } from './common.js';

// ---------- requests ----------

/** POST /api/bookings/:id/refuse: what does not match, in words and 1-4 uploaded photos. */
export const refuseBody = z
  .object({
    reason: choice(refusalReasons),
    details: z
      .string(says('common.required'))
      .trim()
      .min(refusalLimits.detailsMin, says('reviews.refusalDetailsShort', { min: refusalLimits.detailsMin }))
      .max(refusalLimits.detailsMax, says('common.atMostCharacters', { max: refusalLimits.detailsMax })),
    photoIds: z
      .array(z.uuid(says('common.invalidPhoto')), says('reviews.refusalPhotosNeeded'))
      .min(refusalLimits.minPhotos, says('reviews.refusalPhotosNeeded'))
      .max(refusalLimits.maxPhotos, says('reviews.refusalTooManyPhotos', { max: refusalLimits.maxPhotos }))
      .refine((ids) => new Set(ids).size === ids.length, says('common.photoUsedTwice')),
  })
  .strict();
export type RefuseBody = z.infer<typeof refuseBody>;

/** POST /api/bookings/:id/review. */
export const reviewBody = z
  .object({
    rating: z
      .number(says('reviews.ratingRange'))
      .int(says('reviews.ratingRange'))
      .min(1, says('reviews.ratingRange'))
      .max(5, says('reviews.ratingRange')),
    text: z
      .string(says('common.required'))
      .trim()
      .min(reviewLimits.textMin, says('reviews.textShort', { min: reviewLimits.textMin }))
      .max(reviewLimits.textMax, says('common.atMostCharacters', { max: reviewLimits.textMax })),
  })
  .strict();
export type ReviewBody = z.infer<typeof reviewBody>;

/** POST /api/reviews/:id/reply: the reviewed seller's one public answer. */
export const reviewReplyBody = z
  .object({
    text: z
      .string(says('common.required'))
      .trim()
      .min(1, says('common.required'))
      .max(reviewLimits.replyMax, says('common.atMostCharacters', { max: reviewLimits.replyMax })),
  })
  .strict();
export type ReviewReplyBody = z.infer<typeof reviewReplyBody>;

/** POST /api/reviews/:id/report: like reporting a message. */
export const reviewReportBody = z
  .object({
    reason: z.enum(messageReportReasons, says('common.required')),
    details: z
      .string()
      .trim()
      .max(1000, says('common.atMostCharacters', { max: 1000 }))
      .optional(),
  })
  .strict();
export type ReviewReportBody = z.infer<typeof reviewReportBody>;

// ---------- answers ----------

/** A refusal at pickup, as the buyer, the seller and admins see it on the order. */
export const refusalSchema = z.object({
  reason: z.enum(refusalReasons),
  details: z.string(),
  photos: z.array(photoSchema),
  createdAt: z.string(),
  /** The seller said the listing is accurate (or edited it): the item is back on sale. */
  listingConfirmedAt: z.string().nullable(),
});
export type Refusal = z.infer<typeof refusalSchema>;

export const refusedSchema = z.object({ status: z.literal('refused') });
export const relistedSchema = z.object({ productStatus: z.literal('available') });

export const reviewSchema = z.object({
  id: z.uuid(),
  /** Which side wrote it: a buyer about the seller, or the seller about the buyer. */
  authorRole: z.enum(['buyer', 'seller']),
  author: z.object({ id: z.uuid(), name: z.string() }),
  rating: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
  /** Null until both sides wrote theirs or the window closed. */
  publishedAt: z.string().nullable(),
  reply: z.object({ text: z.string(), createdAt: z.string() }).nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

/** On GET /api/bookings/:id: my review and theirs, `theirs` null until it is published. */
export const bookingReviewsSchema = z.object({
  mine: reviewSchema.nullable(),
  theirs: reviewSchema.nullable(),
  /** The viewer may write theirs now. */
  canReview: z.boolean(),
  /** When the window closes (null: the order cannot be reviewed). */
  windowEndsAt: z.string().nullable(),
});
export type BookingReviews = z.infer<typeof bookingReviewsSchema>;

export const reviewPageSchema = pageOf(reviewSchema);
export type ReviewPage = z.infer<typeof reviewPageSchema>;

/** A person's rating: an average only from `reviewLimits.ratingShownFrom` published reviews on. */
export const ratingSchema = z.object({ rating: z.number().nullable(), reviews: z.number().int() });
export type Rating = z.infer<typeof ratingSchema>;

/** What a seller's page says about how their sales went. Counts of refusals and cancellations: 12 months. */
export const reputationSchema = ratingSchema.extend({
  completedSales: z.number().int(),
  refusedAtPickup: z.number().int(),
  cancelledBySeller: z.number().int(),
  memberSince: z.string(),
  /** Median minutes from a buyer's first message to the seller's first answer (null: no answers yet). */
  medianFirstAnswerMinutes: z.number().int().nullable(),
});
export type Reputation = z.infer<typeof reputationSchema>;

export const reviewReportedSchema = z.object({ id: z.uuid(), reviewId: z.uuid() });

/** A review with open reports, for the administrators' queue (GET /api/admin/reviews/reported). */
export const reportedReviewSchema = z.object({
  review: reviewSchema,
  subject: z.object({ id: z.uuid(), name: z.string() }),
  openReports: z.number().int(),
  reasons: z.array(z.enum(messageReportReasons)),
  lastReportedAt: z.string(),
});
export type ReportedReview = z.infer<typeof reportedReviewSchema>;
export const reportedReviewPageSchema = pageOf(reportedReviewSchema);
export const reviewHiddenSchema = z.object({ id: z.uuid(), hiddenAt: z.string() });

/** The average shown for a count and a sum of ratings: one decimal, from enough reviews. */
export function ratingOf(reviews: number, ratingSum: number): Rating {
  return {
    rating: reviews >= reviewLimits.ratingShownFrom ? Math.round((ratingSum / reviews) * 10) / 10 : null,
    reviews,
  };
}
