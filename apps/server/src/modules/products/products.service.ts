/**
 * Seller tools: add a product with photos already uploaded, list one's own products, advertise, and
 * take a product off the market (the seller who owns it, or an admin).
 */
import { and, count, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import {
  cancelReasons,
  needsEvidence,
  homeMessages,
  priceDropShownDays,
  sellerMessages,
  type MyProduct,
  type Page,
  type PageQuery,
  type ProductCreateValues,
  type ProductEditValues,
  type Role,
} from '@furniture-mart/shared';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { lockPerson } from '../../platform/db/locks.js';
import { bookings, categories, priceChanges, productPhotos, products } from '../../platform/db/schema.js';
import { photoColumns, toPhotoOrNull } from './photos.js';
import { removeProducts } from './removal.js';
import { checkedListingPlace } from './places.js';
import { beingPaid, dimensionValues, isMeasured, previousPrice, savedCount } from './product-sql.js';
import { assertOwnFlawPhotos, evidenceMissing, hasFlawPhoto, lacksEvidence, markFlaws } from './evidence.js';
import { BadRequest, Conflict, NotFound } from '../../platform/errors.js';
import { awaitsListingConfirmation, confirmRefusedListing } from '../orders/index.js';
import { tellPriceDrop } from '../favourites/index.js';
import type { ServiceDeps } from '../deps.js';

/** A bulky piece without its width, depth and height: refused on the `dimensions` field. */
const measurementsRequired = () =>
  new BadRequest(homeMessages.measurementsRequired, { dimensions: homeMessages.measurementsRequired });

export interface Actor {
  id: string;
  role: Role;
}

export class ProductsService {
  constructor(private readonly deps: Pick<ServiceDeps, 'config' | 'db' | 'images' | 'listings'>) {}

  /**
   * The product and its photos in one transaction: each photo must be this seller's upload and not yet
   * used, otherwise nothing is written. The first photo is the cover (position 0).
   */
  async create(sellerId: string, input: ProductCreateValues): Promise<MyProduct> {
    const { measured } = await this.assertCategory(input.categoryId);
    if (measured && input.dimensions === null) throw measurementsRequired();
    const place = checkedListingPlace(input);

    const productId = await this.deps.db.transaction(async (tx) => {
      const [product] = await tx
        .insert(products)
        .values({
          sellerId,
          categoryId: input.categoryId,
          // One Unicode form, so a word typed either way (য় as one code point or two) is one word.
          title: input.title.normalize('NFC'),
          description: input.description.normalize('NFC'),
          phone: input.phone,
          location: input.location,
          district: place.district,
          area: place.area,
          condition: input.condition,
          // The request schema read the prices in this currency (productCreateBodyIn).
          originalPriceCents: input.originalPriceCents,
          sellingPriceCents: input.sellingPriceCents,
          currency: this.deps.config.CURRENCY,
          yearsUsed: input.yearsUsed,
          firmPrice: input.firmPrice ?? false,
          ...dimensionValues(input.dimensions),
          checklist: input.checklist,
          acceptsCash: input.acceptsCash ?? false,
        })
        .returning({ id: products.id });

      // Before the photos are claimed, so someone else's photo among the flaws is named as a flaw.
      await assertOwnFlawPhotos(tx, sellerId, input.flaws);
      await attachPhotos(tx, sellerId, product!.id, input.photoIds);
      await markFlaws(tx, product!.id, input.flaws);
      return product!.id;
    });
    this.deps.listings.changed();

    return this.getOwn(this.deps.db, sellerId, productId);
  }

  /**
   * The owning seller changes any field, with the rules of adding, while the product is on sale and nobody
   * is paying for it. The product row is locked first, so a checkout either holds it before (this edit is
   * refused with 409) or claims it after this edit has committed. A changed selling price is recorded; a
   * drop lowers the open bookings' price too, and a new low tells the people who saved the product.
   */
  async edit(sellerId: string, productId: string, input: ProductEditValues): Promise<MyProduct> {
    const target = input.categoryId === undefined ? null : await this.assertCategory(input.categoryId);
    // The request schema read every given value as it is stored (productEditBodyIn); absent ones stay.
    const changes: PgUpdateSetSource<typeof products> = {};
    if (input.title !== undefined) changes.title = input.title.normalize('NFC');
    if (input.description !== undefined) changes.description = input.description.normalize('NFC');
    if (input.phone !== undefined) changes.phone = input.phone;
    if (input.location !== undefined) changes.location = input.location;
    if (input.condition !== undefined) changes.condition = input.condition;
    if (input.categoryId !== undefined) changes.categoryId = input.categoryId;
    if (input.originalPriceCents !== undefined) changes.originalPriceCents = input.originalPriceCents;
    const newPrice = input.sellingPriceCents;
    if (input.yearsUsed !== undefined) changes.yearsUsed = input.yearsUsed;
    if (input.firmPrice !== undefined) changes.firmPrice = input.firmPrice;
    if (input.dimensions !== undefined) Object.assign(changes, dimensionValues(input.dimensions));
    if (input.checklist !== undefined) changes.checklist = input.checklist;
    if (input.acceptsCash !== undefined) changes.acceptsCash = input.acceptsCash;

    // The lowest price of the last 14 days: what cards show as "was", and what a drop must beat to be news.
    let wasCents = 0;
    await this.deps.db.transaction(async (tx) => {
      // Locks go user, product, booking everywhere; the seller first, like their uploads.
      await lockPerson(tx, sellerId);
      const [product] = await tx
        .select({
          sellerId: products.sellerId,
          status: products.status,
          deletedAt: products.deletedAt,
          sellingPriceCents: products.sellingPriceCents,
          currency: products.currency,
          categoryId: products.categoryId,
          measured: categories.measured,
          isMeasured: isMeasured,
          location: products.location,
          district: products.district,
          area: products.area,
          beingPaid,
          condition: products.condition,
          checklist: products.checklist,
          hasFlawPhoto,
        })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(eq(products.id, productId))
        .for('update', { of: products });
      if (!product || product.sellerId !== sellerId || product.deletedAt) {
        throw new NotFound(sellerMessages.productNotFound);
      }
      // A sale refused at pickup waits for its seller: editing the listing confirms it (issue 41).
      const relist = product.status === 'sold' && (await awaitsListingConfirmation(tx, productId));
      if (product.status === 'sold' && !relist) throw new Conflict(sellerMessages.editSold, 'PRODUCT_SOLD');
      if (product.beingPaid) throw new Conflict(sellerMessages.editBeingPaid, 'BEING_PAID');
      // A listing from before measures were asked keeps being edited without them, until it moves into a
      // category of bulky pieces or its measures are cleared (decision 0075).
      const moved = target !== null && input.categoryId !== product.categoryId;
      const measuredNow = target?.measured ?? product.measured;
      if (measuredNow && input.dimensions === null) throw measurementsRequired();
      if (measuredNow && moved && input.dimensions === undefined && !product.isMeasured) {
        throw measurementsRequired();
      }

      Object.assign(changes, placeChanges(product, input));

      const priceChanged = newPrice !== undefined && newPrice !== product.sellingPriceCents;
      if (priceChanged) {
        changes.sellingPriceCents = newPrice;
        // "was" is the lowest price of the last 14 days, so raising a price only to lower it again
        // cannot show a discount that never was.
        const [recent] = await tx
          .select({ lowest: sql<number | null>`min(${priceChanges.oldPriceCents})` })
          .from(priceChanges)
          .where(
            and(
              eq(priceChanges.productId, productId),
              gt(priceChanges.createdAt, sql`now() - make_interval(days => ${priceDropShownDays})`),
            ),
          );
        const lowest = recent?.lowest === null || recent?.lowest === undefined ? null : Number(recent.lowest);
        wasCents = Math.min(product.sellingPriceCents, lowest ?? product.sellingPriceCents);
        changes.previousPriceCents = wasCents;
        changes.priceChangedAt = sql`now()`;
      }
      if (Object.keys(changes).length > 0) {
        await tx.update(products).set(changes).where(eq(products.id, productId));
      }
      if (priceChanged) {
        await tx.insert(priceChanges).values({
          productId,
          oldPriceCents: product.sellingPriceCents,
          newPriceCents: newPrice,
          currency: product.currency,
        });
        // Open bookings keep the price they were booked at, which is what checkout charges: a drop reaches
        // them (nobody pays more than the piece now costs), a raise never does (decision 0036).
        await tx
          .update(bookings)
          .set({ priceCents: newPrice })
          .where(
            and(
              eq(bookings.productId, productId),
              eq(bookings.status, 'booked'),
              gt(bookings.priceCents, newPrice),
            ),
          );
        // Only a price below every price of the last 14 days is news to the people who saved it, so a
        // seller cannot mail them by raising a price and lowering it again (at most one a day each).
        if (newPrice < wasCents) {
          await tellPriceDrop(tx, this.deps.config.PUBLIC_URL, {
            productId,
            fromCents: wasCents,
            toCents: newPrice,
            currency: product.currency,
          });
        }
      }
      if (input.flaws !== undefined) await assertOwnFlawPhotos(tx, sellerId, input.flaws);
      if (input.photoIds) await replacePhotos(tx, sellerId, productId, input.photoIds);
      if (input.flaws !== undefined) await markFlaws(tx, productId, input.flaws, true);

      // A listing from before flaw photos were asked keeps being edited without them, until the edit
      // touches its condition or evidence, or would take away evidence it had (decision 0077).
      const condition = input.condition ?? product.condition;
      const hadEvidence = product.checklist !== null && product.hasFlawPhoto;
      const touched =
        (input.condition !== undefined && input.condition !== product.condition) ||
        input.flaws !== undefined ||
        input.checklist !== undefined ||
        hadEvidence;
      if (touched && needsEvidence(condition)) {
        const missing = await lacksEvidence(tx, productId);
        if (missing) throw evidenceMissing(missing);
      }
      if (relist) await confirmRefusedListing(tx, productId);
    });
    this.deps.listings.changed();
    return this.getOwn(this.deps.db, sellerId, productId);
  }

  private async assertCategory(categoryId: string): Promise<{ measured: boolean }> {
    const [category] = await this.deps.db
      .select({ measured: categories.measured })
      .from(categories)
      .where(eq(categories.id, categoryId));
    if (!category) {
      throw new BadRequest(sellerMessages.categoryNotFound, { categoryId: sellerMessages.categoryNotFound });
    }
    return category;
  }

  /** The seller's products that are not removed, newest first; sold ones stay with their status. */
  async listOwn(sellerId: string, { page, pageSize }: PageQuery): Promise<Page<MyProduct>> {
    const where = and(eq(products.sellerId, sellerId), isNull(products.deletedAt));
    const [rows, [total]] = await Promise.all([
      this.ownRows(this.deps.db, where)
        .orderBy(desc(products.postedAt), desc(products.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.deps.db.select({ n: count() }).from(products).where(where),
    ]);
    return { items: rows.map((row) => this.toMyProduct(row)), page, pageSize, total: total?.n ?? 0 };
  }

  /** Only the owner, and only an available product that is not advertised yet. */
  async advertise(sellerId: string, productId: string): Promise<MyProduct> {
    const own = and(eq(products.id, productId), eq(products.sellerId, sellerId));
    const updated = await this.deps.db
      .update(products)
      .set({ advertised: true, advertisedAt: sql`now()` })
      .where(
        and(
          own,
          isNull(products.deletedAt),
          eq(products.status, 'available'),
          eq(products.advertised, false),
        ),
      )
      .returning({ id: products.id });

    if (updated.length === 0) {
      const [product] = await this.deps.db
        .select({ status: products.status, deletedAt: products.deletedAt })
        .from(products)
        .where(own);
      if (!product) throw new NotFound(sellerMessages.productNotFound);
      if (product.deletedAt) throw new Conflict(sellerMessages.removedCannotAdvertise, 'PRODUCT_REMOVED');
      if (product.status === 'sold') throw new Conflict(sellerMessages.soldCannotAdvertise, 'PRODUCT_SOLD');
      throw new Conflict(sellerMessages.alreadyAdvertised, 'ALREADY_ADVERTISED');
    }
    this.deps.listings.changed();
    return this.getOwn(this.deps.db, sellerId, productId);
  }

  /**
   * Soft delete by its seller or an admin: the product leaves every list, its open bookings are cancelled
   * with a reason their buyers see, and a sold product's payment records stay as they are. A paid order
   * waiting for its handoff stops a seller (who cancels that sale first) but not an admin (it is refunded).
   */
  async remove(actor: Actor, productId: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      // Locked, so a checkout settling at this moment either finishes first or sees the removal.
      const [product] = await tx
        .select({ sellerId: products.sellerId })
        .from(products)
        .where(and(eq(products.id, productId), isNull(products.deletedAt)))
        .for('update');
      if (!product || (actor.role !== 'admin' && product.sellerId !== actor.id)) {
        throw new NotFound(sellerMessages.productNotFound);
      }
      // A buyer has paid and not collected it yet: its seller cancels that sale first (a refund the
      // seller chooses, with a reason the buyer reads). An admin's removal refunds it as part of removal.
      if (actor.role !== 'admin') {
        const [waiting] = await tx
          .select({ id: bookings.id })
          .from(bookings)
          .where(and(eq(bookings.productId, productId), eq(bookings.status, 'paid')));
        if (waiting) throw new Conflict(sellerMessages.saleWaitingForHandoff, 'SALE_AWAITING_HANDOFF');
      }
      await removeProducts(tx, [productId], cancelReasons.productRemoved, this.deps.config.PUBLIC_URL);
    });
    this.deps.listings.changed();
  }

  private async getOwn(db: DbOrTx, sellerId: string, productId: string): Promise<MyProduct> {
    const [row] = await this.ownRows(db, and(eq(products.id, productId), eq(products.sellerId, sellerId)));
    if (!row) throw new NotFound(sellerMessages.productNotFound);
    return this.toMyProduct(row);
  }

  /** One statement per page: the cover joined in, bookings and savers counted by correlated subqueries. */
  private ownRows(db: DbOrTx, where: SQL | undefined) {
    return db
      .select({
        id: products.id,
        title: products.title,
        sellingPriceCents: products.sellingPriceCents,
        previousPriceCents: previousPrice,
        postedAt: products.postedAt,
        status: products.status,
        advertised: products.advertised,
        openBookings:
          sql<number>`(select count(*) from ${bookings} where ${bookings.productId} = ${products.id} and ${bookings.status} = 'booked')`.mapWith(
            Number,
          ),
        // A sold item's order, paid or handed over: without it a sold listing would show no bookings.
        paidBookings:
          sql<number>`(select count(*) from ${bookings} where ${bookings.productId} = ${products.id} and ${bookings.status} in ('paid', 'completed'))`.mapWith(
            Number,
          ),
        savedCount,
        needsDistrict: sql<boolean>`(${products.status} = 'available' and ${products.district} is null)`,
        needsMeasurements: sql<boolean>`(${products.status} = 'available' and not ${isMeasured} and exists (select 1 from ${categories} where ${categories.id} = ${products.categoryId} and ${categories.measured}))`,
        needsEvidence: sql<boolean>`(${products.status} = 'available' and ${products.condition} <> 'excellent' and (${products.checklist} is null or not ${hasFlawPhoto}))`,
        ...photoColumns,
      })
      .from(products)
      .leftJoin(productPhotos, and(eq(productPhotos.productId, products.id), eq(productPhotos.position, 0)))
      .where(where)
      .$dynamic();
  }

  private toMyProduct(row: Awaited<ReturnType<ProductsService['ownRows']>>[number]): MyProduct {
    const cover = toPhotoOrNull(this.deps.images, row);
    return {
      id: row.id,
      title: row.title,
      sellingPriceCents: row.sellingPriceCents,
      previousPriceCents: row.previousPriceCents,
      postedAt: row.postedAt.toISOString(),
      status: row.status,
      advertised: row.advertised,
      openBookings: row.openBookings,
      paidBookings: row.paidBookings,
      savedCount: row.savedCount,
      cover,
      needsMeasurements: row.needsMeasurements,
      needsEvidence: row.needsEvidence,
      needsDistrict: row.needsDistrict,
    };
  }
}

/**
 * The place columns an edit writes. A listing from before districts were asked keeps being edited
 * without one (decision 0042); once any of division, district or area is given, the place it leaves
 * must hold together. A new district without an area drops the old district's area.
 */
function placeChanges(
  stored: { location: string; district: string | null; area: string | null },
  input: ProductEditValues,
): Pick<PgUpdateSetSource<typeof products>, 'district' | 'area'> {
  const area = input.area === undefined ? undefined : input.area || null;
  if (input.location === undefined && input.district === undefined && area === undefined) return {};
  const district = input.district ?? stored.district;
  if (district === null) {
    if (area) checkedListingPlace({ location: input.location ?? stored.location, district: '', area });
    return {};
  }
  const movedDistrict = input.district !== undefined && input.district !== stored.district;
  const place = checkedListingPlace({
    location: input.location ?? stored.location,
    district,
    area: area !== undefined ? area : movedDistrict ? null : stored.area,
  });
  return { district: place.district, area: place.area };
}

function photoUnavailable(): BadRequest {
  return new BadRequest(sellerMessages.photoUnavailable, { photoIds: sellerMessages.photoUnavailable });
}

/** Attaches the seller's unattached uploads in order; the first is the cover (position 0). */
async function attachPhotos(tx: Tx, sellerId: string, productId: string, photoIds: string[]): Promise<void> {
  for (const [position, photoId] of photoIds.entries()) {
    // Conditional on still being unattached, so two products can never claim the same photo.
    const attached = await tx
      .update(productPhotos)
      .set({ productId, position })
      .where(
        and(
          eq(productPhotos.id, photoId),
          eq(productPhotos.ownerId, sellerId),
          isNull(productPhotos.productId),
        ),
      )
      .returning({ id: productPhotos.id });
    if (attached.length === 0) throw photoUnavailable();
  }
}

/**
 * The product's photos become exactly `photoIds`, in that order: its own photos kept or moved, new
 * uploads added. Its photos are let go first (positions are unique per product), then the list is
 * attached with the rules of adding; a photo left out stays unattached, and the clean-up of unused
 * uploads deletes it and its files. Anything not the seller's, or used by another product, fails the
 * whole edit.
 */
async function replacePhotos(tx: Tx, sellerId: string, productId: string, photoIds: string[]): Promise<void> {
  await tx
    .update(productPhotos)
    .set({ productId: null, position: 0 })
    .where(eq(productPhotos.productId, productId));
  await attachPhotos(tx, sellerId, productId, photoIds);
  // A kept photo keeps its flaw caption; one the listing let go loses it.
  await tx
    .update(productPhotos)
    .set({ flawCaption: null })
    .where(
      and(
        eq(productPhotos.ownerId, sellerId),
        isNull(productPhotos.productId),
        sql`${productPhotos.flawCaption} is not null`,
      ),
    );
}
