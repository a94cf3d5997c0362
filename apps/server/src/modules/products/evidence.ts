/**
 * Condition with evidence (decision 0077): flaw captions live on the listing's own photos, so a flaw photo
 * is always one of the seller's uploads through the one upload pipeline, shown in the gallery as well.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { t, type Flaw } from '@furniture-mart/shared';
import type { Tx } from '../../platform/db/client.js';
import { productPhotos, products } from '../../platform/db/schema.js';
import { BadRequest } from '../../platform/errors.js';

/**
 * The product has at least one photo marked as showing a flaw. Names are written out: Drizzle leaves
 * columns unqualified in a query of one table, and the photo's own id would then answer for the product's.
 */
export const hasFlawPhoto = sql<boolean>`exists (select 1 from product_photos as flaw where flaw.product_id = products.id and flaw.flaw_caption is not null)`;

const refuse = (field: 'flaws' | 'checklist', message: string) =>
  new BadRequest(message, { [field]: message });

/** A good or fair listing without its flaw photo or checklist: refused on the field that is missing. */
export const evidenceMissing = (field: 'flaws' | 'checklist') =>
  refuse(field, field === 'flaws' ? t('condition.showFlaw') : t('condition.answerChecklist'));

/** Every flaw photo is one of the seller's own uploads; anything else is refused on `flaws`. */
export async function assertOwnFlawPhotos(tx: Tx, sellerId: string, flaws: Flaw[]): Promise<void> {
  if (flaws.length === 0) return;
  const ids = flaws.map((flaw) => flaw.photoId);
  const own = await tx
    .select({ id: productPhotos.id })
    .from(productPhotos)
    .where(and(inArray(productPhotos.id, ids), eq(productPhotos.ownerId, sellerId)));
  if (own.length !== ids.length) throw refuse('flaws', t('condition.flawPhotoUnavailable'));
}

/**
 * Captions the listing's photos named in `flaws`; with `replace`, the flaws become exactly these. A flaw
 * photo that is not one of the listing's photos fails the whole create or edit.
 */
export async function markFlaws(tx: Tx, productId: string, flaws: Flaw[], replace = false): Promise<void> {
  if (replace) {
    await tx.update(productPhotos).set({ flawCaption: null }).where(eq(productPhotos.productId, productId));
  }
  for (const flaw of flaws) {
    const marked = await tx
      .update(productPhotos)
      .set({ flawCaption: flaw.caption })
      .where(and(eq(productPhotos.id, flaw.photoId), eq(productPhotos.productId, productId)))
      .returning({ id: productPhotos.id });
    if (marked.length === 0) throw refuse('flaws', t('condition.flawNotInPhotos'));
  }
}

/** Which evidence the listing lacks now (a flaw photo first), or null when it shows both. */
export async function lacksEvidence(tx: Tx, productId: string): Promise<'flaws' | 'checklist' | null> {
  const [row] = await tx
    .select({ hasFlawPhoto, checklist: products.checklist })
    .from(products)
    .where(eq(products.id, productId));
  if (!row?.hasFlawPhoto) return 'flaws';
  return row.checklist === null ? 'checklist' : null;
}
