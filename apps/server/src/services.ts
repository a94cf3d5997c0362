/**
 * Builds every service once per app from its dependencies. Routes reach services through
 * app.services, so a route handler stays a thin translation between HTTP and a service call.
 */
import type { ServiceDeps } from './modules/deps.js';
import { CategoriesService } from './modules/categories/categories.service.js';
import { CatalogueService } from './modules/catalogue/catalogue.service.js';
import { NewsletterService } from './modules/newsletter/newsletter.service.js';
import { ProductsService } from './modules/products/products.service.js';
import { UploadsService } from './modules/uploads/uploads.service.js';
import { BookingsService } from './modules/bookings/bookings.service.js';
import { ReportsService } from './modules/reports/reports.service.js';
import { PaymentsService } from './modules/payments/payments.service.js';
import { settleCashIn } from './modules/payments/settlement.js';
import { AdminService } from './modules/admin/admin.service.js';
import { ListingCache } from './platform/listing-cache.js';
import { MailService } from './modules/mail/mail.service.js';
import { createMailTransport, type MailTransport } from './modules/mail/transport.js';
import { OrdersService } from './modules/orders/orders.service.js';
import { RefundService } from './modules/orders/refunds.js';
import { ProductPageService } from './modules/products/product-page.service.js';
import { FavouritesService } from './modules/favourites/favourites.service.js';
import { HomesService } from './modules/homes/homes.service.js';
import { SellersService } from './modules/sellers/sellers.service.js';
import { JobsService } from './modules/jobs/jobs.service.js';
import type { ReadRouting } from './platform/db/replicas.js';
import { LanguageService } from './modules/accounts/languages.service.js';
import { ConversationsService } from './modules/conversations/conversations.service.js';
import { ReviewsService } from './modules/reviews/reviews.service.js';
import { OffersService } from './modules/offers/offers.service.js';

export function createServices({
  mail,
  readRouting,
  ...external
}: Omit<ServiceDeps, 'listings' | 'readDb'> & { mail?: MailTransport; readRouting?: ReadRouting | null }) {
  const listings = new ListingCache(
    external.config.LISTING_CACHE_SECONDS * 1000,
    1_000,
    Date.now,
    external.config.LISTING_CACHE_MAX_MB * 1024 * 1024,
  );
  const deps: ServiceDeps = {
    ...external,
    readDb: readRouting?.db ?? external.db,
    listings: readRouting ? keptUnlessWriter(listings, readRouting) : listings,
  };
  const categories = new CategoriesService(deps);
  const refunds = new RefundService(deps);
  const jobs = new JobsService(deps);
  const payments = new PaymentsService(deps);
  const offers = new OffersService(deps);
  // The provider's events about an offer's card hold go to offers (issue 40).
  payments.routeOtherIntents(offers);
  return {
    mail: new MailService(deps, mail ?? createMailTransport(deps.config.SMTP_URL)),
    refunds,
    orders: new OrdersService(deps, refunds, jobs, settleCashIn),
    categories,
    cardProvider: deps.cardProvider,
    walletProvider: deps.walletProvider,
    catalogue: new CatalogueService(deps, categories),
    newsletter: new NewsletterService(deps),
    products: new ProductsService(deps),
    productPages: new ProductPageService(deps),
    favourites: new FavouritesService(deps),
    homes: new HomesService(deps),
    sellers: new SellersService(deps),
    languages: new LanguageService(deps),
    uploads: new UploadsService(deps),
    bookings: new BookingsService(deps),
    reports: new ReportsService(deps),
    conversations: new ConversationsService(deps),
    reviews: new ReviewsService(deps),
    payments,
    offers,
    admin: new AdminService(deps),
    jobs,
    images: deps.images,
    listings: deps.listings,
  };
}

export type Services = ReturnType<typeof createServices>;

/**
 * With replicas, a listing kept in memory may have been read from one that lagged: someone who just
 * wrote reads past it, through the routing that sends their reads only where their change already is.
 */
function keptUnlessWriter(listings: ListingCache, routing: ReadRouting): ListingCache {
  return new Proxy(listings, {
    get(target, property, receiver) {
      if (property === 'read') {
        return <T>(key: string, load: () => Promise<T>) =>
          routing.isWriter() ? load() : target.read(key, load);
      }
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
