/**
 * Builds every service once per app from its dependencies. Routes reach services through
 * app.services, so a route handler stays a thin translation between HTTP and a service call.
 */
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { ImageStore } from './images/store.js';
import type { PaymentProvider } from './payments/provider.js';
import { CategoriesService } from './modules/categories/categories.service.js';
import { CatalogueService } from './modules/catalogue/catalogue.service.js';
import { NewsletterService } from './modules/newsletter/newsletter.service.js';
import { ProductsService } from './modules/products/products.service.js';
import { UploadsService } from './modules/uploads/uploads.service.js';
import { BookingsService } from './modules/bookings/bookings.service.js';
import { ReportsService } from './modules/reports/reports.service.js';
import { PaymentsService } from './modules/payments/payments.service.js';
import { AdminService } from './modules/admin/admin.service.js';
import { ListingCache } from './modules/catalogue/listing-cache.js';

export interface ServiceDeps {
  config: Config;
  db: Db;
  images: ImageStore;
  payments: PaymentProvider;
  /** Listing answers kept briefly; a write that changes what a listing shows calls `changed()`. */
  listings: ListingCache;
}

export function createServices(external: Omit<ServiceDeps, 'listings'>) {
  const deps: ServiceDeps = {
    ...external,
    listings: new ListingCache(
      external.config.LISTING_CACHE_SECONDS * 1000,
      1_000,
      Date.now,
      external.config.LISTING_CACHE_MAX_MB * 1024 * 1024,
    ),
  };
  const categories = new CategoriesService(deps);
  return {
    categories,
    paymentProvider: deps.payments,
    catalogue: new CatalogueService(deps, categories),
    newsletter: new NewsletterService(deps),
    products: new ProductsService(deps),
    uploads: new UploadsService(deps),
    bookings: new BookingsService(deps),
    reports: new ReportsService(deps),
    payments: new PaymentsService(deps),
    admin: new AdminService(deps),
    images: deps.images,
    listings: deps.listings,
  };
}

export type Services = ReturnType<typeof createServices>;
