/**
 * Seller tools: add a product with photos already uploaded, list one's own products, advertise, and
 * take a product off the market (the seller who owns it, or an admin).
 */
import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  cancelReasons,
  messages,
  maxPriceMinor,
  parseAmount,
  formatMoney,
  sellerMessages,
  type MyProduct,
  type Page,
  type PageQuery,
  type ProductCreateValues,
  type Role,
} from '@furniture-mart/shared';
import type { DbOrTx } from '../../db/client.js';
import { bookings, categories, productPhotos, products } from '../../db/schema.js';
import { photoColumns, toPhoto } from '../../domain/photos.js';
import { removeProducts } from '../../domain/removal.js';
import { BadRequest, Conflict, NotFound } from '../../lib/errors.js';
import type { ServiceDeps } from '../../services.js';

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
    const [category] = await this.deps.db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, input.categoryId));
    if (!category) {
      throw new BadRequest(sellerMessages.categoryNotFound, { categoryId: sellerMessages.categoryNotFound });
    }

    const productId = await this.deps.db.transaction(async (tx) => {
      const [product] = await tx
        .insert(products)
        .values({
          sellerId,
          categoryId: input.categoryId,
          title: input.title,
          description: input.description,
          phone: input.phone,
          location: input.location,
          condition: input.condition,
          originalPriceCents: toMinorUnits(input.originalPrice, 'originalPrice', this.deps.config.CURRENCY),
          sellingPriceCents: toMinorUnits(input.sellingPrice, 'sellingPrice', this.deps.config.CURRENCY),
          currency: this.deps.config.CURRENCY,
          yearsUsed: Number(String(input.yearsUsed).trim()),
          widthCm: toCm(input.widthCm),
          depthCm: toCm(input.depthCm),
          heightCm: toCm(input.heightCm),
        })
        .returning({ id: products.id });

      for (const [position, photoId] of input.photoIds.entries()) {
        // Conditional on still being unattached, so two products can never claim the same photo.
        const attached = await tx
          .update(productPhotos)
          .set({ productId: product!.id, position })
          .where(
            and(
              eq(productPhotos.id, photoId),
              eq(productPhotos.ownerId, sellerId),
              isNull(productPhotos.productId),
            ),
          )
          .returning({ id: productPhotos.id });
        if (attached.length === 0) {
          throw new BadRequest(sellerMessages.photoUnavailable, {
            photoIds: sellerMessages.photoUnavailable,
          });
        }
      }
      return product!.id;
    });
    this.deps.listings.changed();

    return this.getOwn(this.deps.db, sellerId, productId);
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
   * with a reason their buyers see, and a sold product's payment records stay as they are.
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
      await removeProducts(tx, [productId], cancelReasons.productRemoved, this.deps.config.PUBLIC_URL);
    });
    this.deps.listings.changed();
  }

  private async getOwn(db: DbOrTx, sellerId: string, productId: string): Promise<MyProduct> {
    const [row] = await this.ownRows(db, and(eq(products.id, productId), eq(products.sellerId, sellerId)));
    if (!row) throw new NotFound(sellerMessages.productNotFound);
    return this.toMyProduct(row);
  }

  /** One statement per page: the cover joined in, open bookings counted by a correlated subquery. */
  private ownRows(db: DbOrTx, where: SQL | undefined) {
    return db
      .select({
        id: products.id,
        title: products.title,
        sellingPriceCents: products.sellingPriceCents,
        postedAt: products.postedAt,
        status: products.status,
        advertised: products.advertised,
        openBookings:
          sql<number>`(select count(*) from ${bookings} where ${bookings.productId} = ${products.id} and ${bookings.status} = 'booked')`.mapWith(
            Number,
          ),
        ...photoColumns,
      })
      .from(products)
      .leftJoin(productPhotos, and(eq(productPhotos.productId, products.id), eq(productPhotos.position, 0)))
      .where(where)
      .$dynamic();
  }

  private toMyProduct(row: Awaited<ReturnType<ProductsService['ownRows']>>[number]): MyProduct {
    const { displayKey, thumbKey, width, height, thumbWidth, thumbHeight } = row;
    const cover =
      displayKey && thumbKey && width && height && thumbWidth && thumbHeight
        ? toPhoto(this.deps.images, { displayKey, thumbKey, width, height, thumbWidth, thumbHeight })
        : null;
    return {
      id: row.id,
      title: row.title,
      sellingPriceCents: row.sellingPriceCents,
      postedAt: row.postedAt.toISOString(),
      status: row.status,
      advertised: row.advertised,
      openBookings: row.openBookings,
      cover,
    };
  }
}

/**
 * The amount in minor units of the configured currency. The request schema checked the shape of any
 * currency's amount; the currency decides how many decimals it may have (none for JPY, three for BHD).
 */
function toMinorUnits(amount: string | number, field: string, currency: string): number {
  const minor = parseAmount(amount, currency);
  if (minor === null) throw new BadRequest(messages.invalidPrice, { [field]: messages.invalidPrice });
  if (minor > maxPriceMinor) {
    const message = `Enter an amount of at most ${formatMoney(maxPriceMinor, currency)}.`;
    throw new BadRequest(message, { [field]: message });
  }
  return minor;
}

function toCm(value: string | number | undefined): number | null {
  if (value === undefined) return null;
  const text = String(value).trim();
  return text === '' ? null : Number(text);
}
