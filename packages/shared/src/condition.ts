/**
 * Condition with evidence: what each of the three conditions means, the flaws a seller shows in close-up
 * photos and the checklist they answer, and the listing as it was when a buyer booked it.
 */
import { z } from 'zod';
import { conditions, type Condition } from './enums.js';
import { photoSchema, says } from './common.js';
import { listedDimensionsSchema } from './home.js';

/** The seller's yes/no answers, in the order the form and the product page show them. */
export const checklistKeys = [
  'stains',
  'odour',
  'pets',
  'smoke',
  'missingParts',
  'wobbles',
  'scratches',
] as const;
export type ChecklistKey = (typeof checklistKeys)[number];

/** The longest caption of a flaw photo: one sentence, read beside the photo. */
export const flawCaptionMaxLength = 140;

/** Good and fair pieces have flaws a buyer must see: a flaw photo and the checklist are asked for. */
export const needsEvidence = (condition: Condition): boolean => condition !== 'excellent';

const answer = z.boolean(says('condition.answerChecklist'));

/** Every question answered yes (true) or no (false); an unknown question is refused. */
export const checklistSchema = z.strictObject(
  Object.fromEntries(checklistKeys.map((key) => [key, answer])) as Record<ChecklistKey, typeof answer>,
  says('condition.answerChecklist'),
);
export type Checklist = z.infer<typeof checklistSchema>;

/** A photo of the listing marked as showing a flaw, with what it shows. */
export const flawSchema = z.strictObject({
  photoId: z.uuid(says('condition.flawPhotoUnavailable')),
  caption: z
    .string(says('condition.enterCaption'))
    .trim()
    .min(1, says('condition.enterCaption'))
    .max(flawCaptionMaxLength, says('common.atMostCharacters', { max: flawCaptionMaxLength })),
});
export type Flaw = z.infer<typeof flawSchema>;

/** At most one caption a photo, so at most as many flaws as a listing has photos. */
export const flawsSchema = z
  .array(flawSchema, says('condition.showFlaw'))
  .max(8, says('condition.showFlaw'))
  .refine(
    (flaws) => new Set(flaws.map((flaw) => flaw.photoId)).size === flaws.length,
    says('condition.oneCaptionPerPhoto'),
  );

interface EvidenceFields {
  condition?: Condition | undefined;
  photoIds?: string[] | undefined;
  flaws?: Flaw[] | undefined;
  checklist?: Checklist | undefined;
}

/**
 * The rules a whole listing's body must keep (adding a product, and the form): a good or fair piece shows
 * at least one flaw and answers the checklist, and each flaw photo is one of the listing's photos.
 */
export function checkEvidence(body: EvidenceFields, ctx: z.RefinementCtx, whole: boolean): void {
  const { condition, photoIds, flaws, checklist } = body;
  if (flaws && photoIds && flaws.some((flaw) => !photoIds.includes(flaw.photoId))) {
    ctx.addIssue({ code: 'custom', path: ['flaws'], message: says('condition.flawNotInPhotos').error() });
  }
  if (!whole || !condition || !needsEvidence(condition)) return;
  if (!flaws || flaws.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['flaws'], message: says('condition.showFlaw').error() });
  }
  if (!checklist) {
    ctx.addIssue({ code: 'custom', path: ['checklist'], message: says('condition.answerChecklist').error() });
  }
}

/** A flaw as the product page and the order show it: the photo's id in `photos` and its caption. */
export const shownFlawSchema = z.object({ photoId: z.uuid(), caption: z.string() });
export type ShownFlaw = z.infer<typeof shownFlawSchema>;

/**
 * The listing as it was when the buyer booked it, kept with the booking: a later edit of the listing
 * does not change what the buyer agreed to. Null for bookings made before it was kept.
 */
export const listingSnapshotSchema = z.object({
  takenAt: z.string(),
  title: z.string(),
  description: z.string(),
  condition: z.enum(conditions),
  dimensions: listedDimensionsSchema,
  checklist: checklistSchema.nullable(),
  photos: z.array(photoSchema.extend({ id: z.uuid() })),
  flaws: z.array(shownFlawSchema),
});
export type ListingSnapshot = z.infer<typeof listingSnapshotSchema>;
