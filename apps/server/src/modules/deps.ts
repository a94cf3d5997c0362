/**
 * What every service is built from. Kept apart from the composition root (services.ts), so services
 * depend on this small contract and never on the module that builds them.
 */
import type { Config } from '../config.js';
import type { Db } from '../platform/db/client.js';
import type { ImageStore } from '../platform/images/store.js';
import type { PaymentProvider } from '../platform/card-providers/provider.js';
import type { ListingCache } from '../platform/listing-cache.js';

export interface ServiceDeps {
  config: Config;
  db: Db;
  /**
   * For listing, search, category, product-page and seller-page reads only: a replica when
   * DATABASE_READ_URL is set (platform/db/replicas.ts), else the same as `db`. Never for writes, nor
   * for a read that decides a write.
   */
  readDb: Db;
  images: ImageStore;
  /** The card provider (sandbox or Stripe); the payments service is `services.payments`. */
  cardProvider: PaymentProvider;
  /** The mobile wallet (bKash, or its sandbox without BKASH_*), behind the same interface. */
  walletProvider: PaymentProvider;
  /** Listing answers kept briefly; a write that changes what a listing shows calls `changed()`. */
  listings: ListingCache;
}
