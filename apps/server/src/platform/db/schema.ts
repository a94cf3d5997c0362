/**
 * The whole data model. Rules that must hold under concurrency live here as constraints, not in code:
 * one open booking per buyer and product, one paid booking per product, one payment per provider
 * transaction, one open report per reporter and product.
 */
import { relations, sql } from 'drizzle-orm';
import type { Checklist, Opening } from '@furniture-mart/shared';
import type { StoredListingSnapshot } from './listing-snapshot.js';
import {
  bigint,
  boolean,
  check,
  customType,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updated = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);

/**
 * Who took the money: the card sandbox or Stripe, the wallet sandbox or bKash, or `cash` (the seller,
 * at pickup; decision 0090).
 */
const paymentProviderNames = ['sandbox', 'stripe', 'wallet_sandbox', 'bkash', 'cash'] as const;

// ---------- accounts (the tables Better Auth reads and writes, plus our role fields) ----------

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role', { enum: ['buyer', 'seller', 'admin'] })
      .notNull()
      .default('buyer'),
    verified: boolean('verified').notNull().default(false),
    /**
     * The language the person reads the site and their mail in (`en`, `bn`). Not a check constraint: an
     * unknown code reads as English (shared toLocale), so a language can be added or dropped freely.
     */
    locale: text('locale').notNull().default('en'),
    /** Mail me when a message waits unread (Account page). */
    messageMail: boolean('message_mail').notNull().default(true),
    /**
     * Published, not hidden reviews of this person, kept with the review that changes them (issue 41):
     * every product card shows its seller's rating, and a sum on the row costs the listings no join.
     */
    reviewCount: integer('review_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    check('users_role_check', sql`${t.role} in ('buyer', 'seller', 'admin')`),
    // Every answer that shows a name relies on this bound, whichever way the account was made.
    check('users_name_length_check', sql`char_length(${t.name}) between 1 and 80`),
    index('users_role_created_idx').on(t.role, t.createdAt),
    // Listings leave out removed sellers' products: a tiny index of removed accounts answers that
    // check without reading the whole table of users.
    index('users_removed_idx')
      .on(t.id)
      .where(sql`deleted_at is not null`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    token: text('token').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: id(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

// ---------- catalogue ----------

export const categories = pgTable('categories', {
  id: id(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  thumbnailUrl: text('thumbnail_url').notNull(),
  position: integer('position').notNull().default(0),
  /** Bulky pieces: a listing in this category must give its width, depth and height. */
  measured: boolean('measured').notNull().default(false),
  createdAt: created(),
});

type IndexColumns = Parameters<ReturnType<typeof index>['on']>;

/**
 * A listing's indexes, one per sort, each beginning with `place` (what the listing seeks). The id ends
 * each sort key because listings break date ties on it, so the index alone gives the order; the seller
 * (for the removed-seller check) and the filters not in `place` come after it, so a page's ids and a
 * capped count are read from the index alone. Read backwards, the ascending price index gives older
 * first among equal prices, so price high-to-low has its own.
 */
function listingIndexes(
  name: string,
  place: IndexColumns[number][],
  t: {
    postedAt: ExtraConfigColumn;
    id: ExtraConfigColumn;
    sellerId: ExtraConfigColumn;
    sellingPriceCents: ExtraConfigColumn;
    condition: ExtraConfigColumn;
    location: ExtraConfigColumn;
  },
) {
  // Built one index at a time: drizzle keeps a column's order on the column until an index takes it.
  const newest = () => [t.postedAt.desc().nullsFirst(), t.id.desc().nullsFirst()];
  const filters = [t.sellingPriceCents, t.condition, t.location].filter((column) => !place.includes(column));
  const byPrice = filters.filter((column) => column !== t.sellingPriceCents);
  const sorts = [
    ['date', () => [...newest(), t.sellerId, ...filters]],
    ['price', () => [t.sellingPriceCents, ...newest(), t.sellerId, ...byPrice]],
    ['price_desc', () => [t.sellingPriceCents.desc().nullsFirst(), ...newest(), t.sellerId, ...byPrice]],
  ] as const;
  return sorts.map(([sort, columns]) =>
    index(`${name}_${sort}_idx`)
      .on(...([...place, ...columns()] as IndexColumns))
      .where(sql`status = 'available' and deleted_at is null`),
  );
}

export const products = pgTable(
  'products',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    phone: text('phone').notNull(),
    location: text('location').notNull(),
    // The district and area of `@furniture-mart/shared/places` (ids); null district: listed before
    // districts were asked (decision 0042).
    district: text('district'),
    area: text('area'),
    condition: text('condition', { enum: ['excellent', 'good', 'fair'] }).notNull(),
    originalPriceCents: integer('original_price_cents').notNull(),
    sellingPriceCents: integer('selling_price_cents').notNull(),
    currency: text('currency').notNull(),
    yearsUsed: integer('years_used').notNull(),
    // Whole millimetres (each null for a listing that never gave it); weight in grams.
    widthMm: integer('width_mm'),
    depthMm: integer('depth_mm'),
    heightMm: integer('height_mm'),
    diagonalDepthMm: integer('diagonal_depth_mm'),
    comesApart: boolean('comes_apart').notNull().default(false),
    weightG: integer('weight_g'),
    /** The seller's yes/no answers about the piece (decision 0077); null for listings from before. */
    checklist: jsonb('checklist').$type<Checklist>(),
    /** The selling price before the last change and when it changed: cards say "was $X" after a drop. */
    previousPriceCents: integer('previous_price_cents'),
    priceChangedAt: timestamp('price_changed_at', { withTimezone: true }),
    status: text('status', { enum: ['available', 'sold'] })
      .notNull()
      .default('available'),
    advertised: boolean('advertised').notNull().default(false),
    /** The seller takes no offers on this piece (issue 40: offers); by default a buyer may offer. */
    firmPrice: boolean('firm_price').notNull().default(false),
    advertisedAt: timestamp('advertised_at', { withTimezone: true }),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull().defaultNow(),
    // A checkout in progress holds the product for one booking until the hold expires.
    holdBookingId: uuid('hold_booking_id'),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** The seller takes cash at pickup (decision 0090). */
    acceptsCash: boolean('accepts_cash').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    // Empty for what a buyer cannot see, so the planner's statistics of this column count only words
    // a search can find: a word whose pieces are all sold is known to match nothing (decision 0018).
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`case when status = 'available' and deleted_at is null then setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B') else ''::tsvector end`,
      ),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    check('products_status_check', sql`${t.status} in ('available', 'sold')`),
    check('products_condition_check', sql`${t.condition} in ('excellent', 'good', 'fair')`),
    check('products_prices_check', sql`${t.sellingPriceCents} > 0 and ${t.originalPriceCents} > 0`),
    check('products_years_check', sql`${t.yearsUsed} between 0 and 100`),
    check(
      'products_dimensions_check',
      sql`${t.widthMm} between 1 and 5000 and ${t.depthMm} between 1 and 5000 and ${t.heightMm} between 1 and 5000 and ${t.diagonalDepthMm} between 1 and ${t.depthMm} and ${t.weightG} between 1 and 500000`,
    ),
    // The category listing, and the category listing of one town: available, not removed, newest first
    // or by price, one index per sort (listingIndexes).
    ...listingIndexes('products_listing', [t.categoryId], t),
    // A town is a place in these, not a filter on the walk: walking the category's own index for a town
    // with few pieces read every entry of the category (all of it when the town had none).
    ...listingIndexes('products_listing_location', [t.categoryId, t.location], t),
    // A district is a place in these, like a town: a category's listing of one district walks its own.
    ...listingIndexes('products_listing_district', [t.categoryId, t.district], t),
    // Across categories, newest first: one district, and one area (few pieces, its rows read directly).
    index('products_district_date_idx')
      .on(t.district, t.postedAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.categoryId, t.sellerId)
      .where(sql`status = 'available' and deleted_at is null`),
    index('products_area_date_idx')
      .on(t.area, t.postedAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.categoryId)
      .where(sql`area is not null and status = 'available' and deleted_at is null`),
    // Counting a category's listings reads this index only (seller_id for the removed-seller check).
    index('products_listing_count_idx')
      .on(t.categoryId, t.sellerId)
      .where(sql`status = 'available' and deleted_at is null`),
    // Search across categories, newest first.
    index('products_available_date_idx')
      .on(
        t.postedAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.categoryId,
        t.sellerId,
        t.sellingPriceCents,
        t.condition,
        t.location,
      )
      .where(sql`status = 'available' and deleted_at is null`),
    // Covering, in the advertised list's order: its page and its count read this index alone.
    // Search across categories by price, each way (ties newest first, as every listing breaks them).
    index('products_available_price_idx')
      .on(t.sellingPriceCents, t.postedAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.sellerId)
      .where(sql`status = 'available' and deleted_at is null`),
    index('products_available_price_desc_idx')
      .on(
        t.sellingPriceCents.desc().nullsFirst(),
        t.postedAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.sellerId,
      )
      .where(sql`status = 'available' and deleted_at is null`),
    index('products_advertised_idx')
      .on(
        t.advertisedAt.desc().nullsLast(),
        t.postedAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.sellerId,
      )
      .where(sql`advertised and status = 'available' and deleted_at is null`),
    index('products_seller_idx').on(t.sellerId, t.postedAt.desc()),
    // A seller's listings on sale, counted on every product page's seller card from this index alone.
    index('products_seller_available_idx')
      .on(t.sellerId)
      .where(sql`status = 'available' and deleted_at is null`),
    // Search reads only what a buyer may see: sold and removed products, which pile up over time, are
    // not in these indexes at all.
    index('products_search_idx')
      .using('gin', t.search)
      .where(sql`status = 'available' and deleted_at is null`),
    // Parts of words ("board" in "headboard"): trigrams of the text search reads (pg_trgm).
    index('products_search_trgm_idx')
      .using('gin', sql`(${t.title} || ' ' || ${t.description}) gin_trgm_ops`)
      .where(sql`status = 'available' and deleted_at is null`),
  ],
);

/**
 * Every word (full-text lexeme) a product has been findable by, kept by triggers on products
 * (migration 0011). A search for the start of a word ("mahog") asks this table which words start so
 * and then the search index for those whole words, which reads far less of it than a prefix match
 * (decision 0023). Words of products since sold or changed stay: they only widen a search to a word
 * nothing visible has.
 */
export const searchWords = pgTable(
  'search_words',
  { word: text('word').primaryKey() },
  // Byte order, whatever the database's collation: the words that start with a text are one range.
  (t) => [index('search_words_prefix_idx').using('btree', t.word.op('text_pattern_ops'))],
);

/** Seller photos: uploaded first (product_id null), attached to a product in order, 1 to 8 each. */
export const productPhotos = pgTable(
  'product_photos',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    productId: uuid('product_id').references(() => products.id),
    position: integer('position').notNull().default(0),
    displayKey: text('display_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    thumbWidth: integer('thumb_width').notNull(),
    thumbHeight: integer('thumb_height').notNull(),
    // Null for photos stored before the middle size existed; pages then choose between the other two.
    middleKey: text('middle_key'),
    middleWidth: integer('middle_width'),
    middleHeight: integer('middle_height'),
    bytes: integer('bytes').notNull(),
    /** Set when the seller marked this photo as showing a flaw: what it shows (decision 0077). */
    flawCaption: text('flaw_caption'),
    /** Part of a listing as it was booked: kept, with its files, when the listing lets it go. */
    keptForOrders: boolean('kept_for_orders').notNull().default(false),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('product_photos_position_idx').on(t.productId, t.position),
    index('product_photos_unattached_idx')
      .on(t.createdAt)
      .where(sql`product_id is null`),
    check('product_photos_position_check', sql`${t.position} between 0 and 7`),
  ],
);

/** Every change of a selling price, by its seller's edit: the history behind "was $X" and price-drop mail. */
export const priceChanges = pgTable(
  'price_changes',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    oldPriceCents: integer('old_price_cents').notNull(),
    newPriceCents: integer('new_price_cents').notNull(),
    currency: text('currency').notNull(),
    createdAt: created(),
  },
  (t) => [index('price_changes_product_idx').on(t.productId, t.createdAt.desc())],
);

/** A buyer's saved products; a seller sees how many saved a listing, never who. */
/**
 * A buyer's home: the openings a piece must pass (doors, stairs, a lift), as the shared `openingSchema`
 * stores them, in the order the buyer saved them; at most 10, read and written whole.
 */
export const homeProfiles = pgTable('home_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  openings: jsonb('openings').$type<Opening[]>().notNull(),
  updatedAt: updated(),
});

export const favourites = pgTable(
  'favourites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    createdAt: created(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    // Counting a listing's savers and telling them of a change.
    index('favourites_product_idx').on(t.productId),
    index('favourites_user_created_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/**
 * Dashboard notices about saved products, written in the transaction of the change with the mail. One
 * event key per event and person, so running a change twice leaves one notice.
 */
export const notices = pgTable(
  'notices',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    kind: text('kind', { enum: ['price_drop', 'sold', 'removed'] }).notNull(),
    eventKey: text('event_key').notNull(),
    /** The sentence, as it was true when it was written (a later price or title does not rewrite it). */
    message: text('message').notNull(),
    createdAt: created(),
  },
  (t) => [
    check('notices_kind_check', sql`${t.kind} in ('price_drop', 'sold', 'removed')`),
    uniqueIndex('notices_event_key_idx').on(t.eventKey),
    index('notices_user_created_idx').on(t.userId, t.createdAt.desc()),
  ],
);

// ---------- buying ----------

export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    phone: text('phone').notNull(),
    meetingLocation: text('meeting_location').notNull(),
    // Price and title are copied from the product when booked; the request never supplies them.
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', {
      enum: ['booked', 'paid', 'completed', 'cancelled', 'refunded', 'reserved', 'refused'],
    })
      .notNull()
      .default('booked'),
    /** Why it was cancelled or refunded, in words the buyer reads. */
    cancelReason: text('cancel_reason'),
    // The first checkout: the product can be held for this booking until 15 minutes after it, never longer.
    checkoutStartedAt: timestamp('checkout_started_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Six digits the buyer tells the seller at pickup; set when the booking is paid. */
    handoffCode: text('handoff_code'),
    /** Wrong codes entered so far; the handoff locks at five. */
    handoffAttempts: integer('handoff_attempts').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** How it completed: the seller entered the code, or the waiting period ran out. */
    completedBy: text('completed_by', { enum: ['handoff', 'auto'] }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    // The buyer removed it from My Orders; a paid booking stays for the seller and admin.
    hiddenByBuyerAt: timestamp('hidden_by_buyer_at', { withTimezone: true }),
    /** The listing as it was when booked, which later edits cannot change (decision 0077). */
    listingAtBooking: jsonb('listing_at_booking').$type<StoredListingSnapshot>(),
    // How it is paid (decision 0090): chosen at checkout; a cash reservation holds the piece until then.
    paymentMethod: text('payment_method', { enum: ['card', 'wallet', 'cash'] }),
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    check(
      'bookings_status_check',
      sql`${t.status} in ('booked', 'paid', 'completed', 'cancelled', 'refunded', 'reserved', 'refused')`,
    ),
    // One cash reservation at a time per buyer, whoever asks concurrently.
    uniqueIndex('bookings_one_cash_reservation_per_buyer_idx')
      .on(t.buyerId)
      .where(sql`status = 'reserved'`),
    // Reservations past their time, for the lapse job.
    index('bookings_reserved_until_idx')
      .on(t.reservedUntil)
      .where(sql`status = 'reserved'`),
    uniqueIndex('bookings_one_open_per_buyer_idx')
      .on(t.buyerId, t.productId)
      .where(sql`status = 'booked'`),
    // A product is sold to one buyer at a time; after a refund it may sell again.
    uniqueIndex('bookings_one_paid_per_product_idx')
      .on(t.productId)
      .where(sql`status in ('paid', 'completed')`),
    // Paid orders waiting for their handoff, oldest payment first (auto-completion).
    index('bookings_paid_at_idx')
      .on(t.paidAt)
      .where(sql`status = 'paid'`),
    index('bookings_buyer_idx').on(t.buyerId, t.createdAt.desc()),
    index('bookings_product_idx').on(t.productId, t.createdAt.desc()),
  ],
);

/** One provider payment attempt (intent) per booking and amount, reused on retries. */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    provider: text('provider', { enum: paymentProviderNames }).notNull(),
    providerIntentId: text('provider_intent_id').notNull().unique(),
    clientSecret: text('client_secret'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', {
      enum: ['requires_payment', 'authorized', 'captured', 'cancelled', 'failed'],
    })
      .notNull()
      .default('requires_payment'),
    lastError: text('last_error'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex('payment_intents_booking_amount_idx').on(t.bookingId, t.amountCents, t.provider)],
);

export const payments = pgTable(
  'payments',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider', { enum: paymentProviderNames }).notNull(),
    transactionId: text('transaction_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('payments_transaction_idx').on(t.provider, t.transactionId),
    uniqueIndex('payments_booking_idx').on(t.bookingId),
  ],
);

/**
 * One refund per payment (the unique payment_id makes it exactly once, whoever asks first). Written in the
 * transaction that refunds the order; the provider call happens afterwards and is retried until it
 * succeeds, with the same idempotency key every time.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    /** `failed`: out of attempts; waits for an administrator's retry, with the same idempotency key. */
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker holds the row until then; a crashed worker's claim runs out. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    providerRefundId: text('provider_refund_id'),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('refunds_payment_idx').on(t.paymentId),
    index('refunds_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
  ],
);

/**
 * The transactional outbox: every message is written in the transaction of the change that causes it,
 * once per event (idempotency key), and sent by the mail worker.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    idempotencyKey: text('idempotency_key').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** `failed`: refused for good, or out of attempts; waits for an administrator's retry. */
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('mail_outbox_key_idx').on(t.idempotencyKey),
    index('mail_outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index('mail_outbox_failed_idx')
      .on(t.failedAt)
      .where(sql`status = 'failed'`),
    index('mail_outbox_created_idx').on(t.createdAt.desc()),
  ],
);

/** Provider webhook events already processed, so a redelivery changes nothing. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------- trust: refusals at pickup and reviews (issue 41) ----------

/**
 * A paid order the buyer refused at pickup (the order is `refused` and refunded in the same
 * transaction). The product stays off sale until its seller confirms the listing.
 */
export const refusals = pgTable(
  'refusals',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id),
    reason: text('reason', {
      enum: ['damaged', 'different_item', 'missing_parts', 'size_differs', 'worse_condition', 'other'],
    }).notNull(),
    details: text('details').notNull(),
    listingConfirmedAt: timestamp('listing_confirmed_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [
    check(
      'refusals_reason_check',
      sql`${t.reason} in ('damaged', 'different_item', 'missing_parts', 'size_differs', 'worse_condition', 'other')`,
    ),
  ],
);

/** The buyer's photos of a refusal: uploaded like listing photos, moved here when the refusal is made. */
export const refusalPhotos = pgTable(
  'refusal_photos',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => refusals.bookingId),
    position: integer('position').notNull(),
    displayKey: text('display_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    thumbWidth: integer('thumb_width').notNull(),
    thumbHeight: integer('thumb_height').notNull(),
    middleKey: text('middle_key'),
    middleWidth: integer('middle_width'),
    middleHeight: integer('middle_height'),
    bytes: integer('bytes').notNull(),
    createdAt: created(),
  },
  (t) => [uniqueIndex('refusal_photos_position_idx').on(t.bookingId, t.position)],
);

/**
 * One review per side of a handed-over order. Double-blind: `published_at` is set on both when the
 * second is written, or by the publishing job when the window closes; before that only its author reads it.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => users.id),
    authorRole: text('author_role', { enum: ['buyer', 'seller'] }).notNull(),
    rating: integer('rating').notNull(),
    text: text('text').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    replyText: text('reply_text'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('reviews_booking_author_idx').on(t.bookingId, t.authorId),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_author_role_check', sql`${t.authorRole} in ('buyer', 'seller')`),
    check('reviews_text_length_check', sql`char_length(${t.text}) between 10 and 1000`),
    // A seller's page: published reviews of them, newest first.
    index('reviews_subject_published_idx')
      .on(t.subjectId, t.publishedAt.desc())
      .where(sql`published_at is not null and hidden_at is null`),
    index('reviews_unpublished_idx')
      .on(t.bookingId)
      .where(sql`published_at is null`),
  ],
);

/** A report of a review, like a report of a message; an administrator may hide the review. */
export const reviewReports = pgTable(
  'review_reports',
  {
    id: id(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason', { enum: ['scam', 'harassment', 'offensive', 'spam', 'other'] }).notNull(),
    details: text('details'),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('review_reports_one_open_idx')
      .on(t.reporterId, t.reviewId)
      .where(sql`status = 'open'`),
    index('review_reports_open_idx')
      .on(t.createdAt)
      .where(sql`status = 'open'`),
  ],
);

// ---------- moderation ----------

export const reports = pgTable(
  'reports',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id),
    /** A report of one message of a conversation (product_id is the conversation's product). */
    messageId: uuid('message_id').references(() => conversationMessages.id),
    reason: text('reason', {
      enum: [
        'scam',
        'wrong_condition',
        'prohibited',
        'duplicate',
        'offensive',
        'harassment',
        'spam',
        'other',
      ],
    }).notNull(),
    details: text('details'),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('reports_one_open_per_reporter_idx')
      .on(t.reporterId, t.productId)
      .where(sql`status = 'open' and message_id is null`),
    uniqueIndex('reports_one_open_per_message_idx')
      .on(t.reporterId, t.messageId)
      .where(sql`status = 'open' and message_id is not null`),
    index('reports_open_idx')
      .on(t.productId, t.createdAt)
      .where(sql`status = 'open'`),
    index('reports_reporter_created_idx').on(t.reporterId, t.createdAt),
  ],
);

// ---------- conversations ----------

/**
 * One per product and buyer: the buyer asks, the seller answers. Each side's read position and the last
 * message mailed to it are message `seq`s (0: none).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    buyerReadSeq: bigint('buyer_read_seq', { mode: 'number' }).notNull().default(0),
    sellerReadSeq: bigint('seller_read_seq', { mode: 'number' }).notNull().default(0),
    buyerMailedSeq: bigint('buyer_mailed_seq', { mode: 'number' }).notNull().default(0),
    sellerMailedSeq: bigint('seller_mailed_seq', { mode: 'number' }).notNull().default(0),
    buyerMailedAt: timestamp('buyer_mailed_at', { withTimezone: true }),
    sellerMailedAt: timestamp('seller_mailed_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('conversations_product_buyer_idx').on(t.productId, t.buyerId),
    index('conversations_buyer_idx').on(t.buyerId, t.lastMessageAt.desc()),
    index('conversations_seller_idx').on(t.sellerId, t.lastMessageAt.desc()),
    index('conversations_started_idx').on(t.buyerId, t.createdAt),
  ],
);

/**
 * A message. `seq` orders a conversation's messages: they are written with the conversation's row
 * locked, so a later seq always commits later, and "the messages after this one" misses none.
 */
export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: id(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    /** Contact details in it were replaced before it was stored. */
    masked: boolean('masked').notNull().default(false),
    /** A card of an offer's life (issue 40): which offer, and what happened to it. */
    offerId: uuid('offer_id'),
    offerEvent: text('offer_event', {
      enum: ['made', 'countered', 'accepted', 'declined', 'withdrawn', 'expired'],
    }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('conversation_messages_seq_idx').on(t.conversationId, t.seq),
    index('conversation_messages_sender_idx').on(t.senderId, t.createdAt),
    check('conversation_messages_body_length_check', sql`char_length(${t.body}) <= 2000`),
  ],
);

/** Photos in messages: uploaded into a conversation first (message_id null), then sent with a message. */
export const messagePhotos = pgTable(
  'message_photos',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id),
    messageId: uuid('message_id').references(() => conversationMessages.id),
    position: integer('position').notNull().default(0),
    displayKey: text('display_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    thumbWidth: integer('thumb_width').notNull(),
    thumbHeight: integer('thumb_height').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: created(),
  },
  (t) => [
    index('message_photos_message_idx').on(t.messageId, t.position),
    index('message_photos_unsent_idx')
      .on(t.createdAt)
      .where(sql`message_id is null`),
  ],
);

/** Someone who blocked someone: neither writes to the other until it is lifted. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] })],
);

/**
 * What happened for a person, for their live event stream: numbered per person (`seq`, the stream's
 * `id:`), so a stream that reconnects asks for everything after the last number it saw. Numbers are
 * handed out by `event_counters` with its row locked to the end of the transaction, so a person's
 * events commit in the order of their numbers.
 */
export const userEvents = pgTable(
  'user_events',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: ['message', 'read'] }).notNull(),
    /** Who made it happen: the message's sender, the reader. */
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id),
    messageId: uuid('message_id')
      .notNull()
      .references(() => conversationMessages.id),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.seq] }), index('user_events_created_idx').on(t.createdAt)],
);

export const eventCounters = pgTable('event_counters', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    targetLabel: text('target_label').notNull(),
    details: jsonb('details'),
    createdAt: created(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt.desc())],
);

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: id(),
    email: text('email').notNull(),
    /** Double opt-in: set when the link in the confirmation mail is followed. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    /** Secret of the confirm and unsubscribe links. */
    token: text('token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    createdAt: created(),
  },
  (t) => [uniqueIndex('newsletter_email_idx').on(sql`lower(${t.email})`)],
);

// ---------- offers (a buyer's binding offer, held on their card until the seller answers) ----------

export const offerStatuses = [
  'awaiting_payment',
  'open',
  'countered',
  'accepted',
  'declined',
  'withdrawn',
  'expired',
] as const;

/**
 * One offer of one buyer on one product. It reaches the seller only once its amount is authorized on
 * the buyer's card (`open`); an accepted offer becomes a paid booking through the one settlement.
 * One offer still in play per buyer and product (a partial unique index, so it holds under concurrency).
 */
export const offers = pgTable(
  'offers',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    amountCents: integer('amount_cents').notNull(),
    /** The seller's one counter, between the offer and the price. */
    counterAmountCents: integer('counter_amount_cents'),
    currency: text('currency').notNull(),
    status: text('status', { enum: offerStatuses }).notNull().default('awaiting_payment'),
    /** Until then the buyer may pay (awaiting_payment) or the seller answer (open, countered). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    declineReason: text('decline_reason'),
    /** The paid booking an accepted offer became. */
    bookingId: uuid('booking_id').references(() => bookings.id),
    /**
     * Written (and committed) before an acceptance captures: an acceptance that never committed after
     * it is looked at again by the offers job, so a capture is never left without its sale.
     */
    acceptingSince: timestamp('accepting_since', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    check(
      'offers_status_check',
      sql`${t.status} in ('awaiting_payment', 'open', 'countered', 'accepted', 'declined', 'withdrawn', 'expired')`,
    ),
    check('offers_amount_check', sql`${t.amountCents} > 0`),
    uniqueIndex('offers_one_live_per_buyer_idx')
      .on(t.buyerId, t.productId)
      .where(sql`status in ('awaiting_payment', 'open', 'countered')`),
    index('offers_product_idx').on(t.productId, t.createdAt.desc()),
    index('offers_buyer_idx').on(t.buyerId, t.createdAt.desc()),
    index('offers_live_expiry_idx')
      .on(t.expiresAt)
      .where(sql`status in ('awaiting_payment', 'open', 'countered')`),
  ],
);

/**
 * The card holds of an offer: one provider intent per offer and amount (a counter asks for a second
 * one). Every intent that does not become the sale is released by the offers job, also after a crash.
 */
export const offerIntents = pgTable(
  'offer_intents',
  {
    id: id(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    providerIntentId: text('provider_intent_id').notNull().unique(),
    clientSecret: text('client_secret'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', {
      enum: ['requires_payment', 'authorized', 'captured', 'cancelled', 'failed'],
    })
      .notNull()
      .default('requires_payment'),
    lastError: text('last_error'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex('offer_intents_offer_amount_idx').on(t.offerId, t.amountCents, t.provider)],
);

/**
 * Lets Better Auth read a session and its user in one statement (its `joins` option) instead of two,
 * on every signed-in request.
 */
export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));
export const usersRelations = relations(users, ({ many }) => ({
  sessions: many(sessions),
  accounts: many(accounts),
}));
export const accountsRelations = relations(accounts, ({ one }) => ({
  user: one(users, { fields: [accounts.userId], references: [users.id] }),
}));
