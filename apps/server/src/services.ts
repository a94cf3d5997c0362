/**
 * Builds every service once per app from its dependencies. Routes reach services through
 * app.services, so a route handler stays a thin translation between HTTP and a service call.
 */
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { ImageStore } from './images/store.js';
import type { PaymentProvider } from './payments/provider.js';
import { CategoriesService } from './modules/categories/categories.service.js';

export interface ServiceDeps {
  config: Config;
  db: Db;
  images: ImageStore;
  payments: PaymentProvider;
}

export function createServices(deps: ServiceDeps) {
  return {
    categories: new CategoriesService(deps),
    paymentProvider: deps.payments,
    images: deps.images,
  };
}

export type Services = ReturnType<typeof createServices>;
