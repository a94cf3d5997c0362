/** Every feature module's routes. Add a module here and it is served, documented and tested. */
import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './health/health.routes.js';
import { authRoutes } from './accounts/accounts.routes.js';
import { categoriesRoutes } from './categories/categories.routes.js';
import { mediaRoutes } from './media/media.routes.js';
import { catalogueRoutes } from './catalogue/catalogue.routes.js';
import { newsletterRoutes } from './newsletter/newsletter.routes.js';
import { productsRoutes } from './products/products.routes.js';
import { uploadsRoutes } from './uploads/uploads.routes.js';
import { bookingsRoutes } from './bookings/bookings.routes.js';
import { reportsRoutes } from './reports/reports.routes.js';
import { paymentsRoutes } from './payments/payments.routes.js';
import { adminRoutes } from './admin/admin.routes.js';
import { ordersRoutes } from './orders/orders.routes.js';
import { devMailRoutes } from './mail/dev-mail.routes.js';
import { favouritesRoutes } from './favourites/favourites.routes.js';
import { homesRoutes } from './homes/homes.routes.js';
import { sellersRoutes } from './sellers/sellers.routes.js';
import { jobsRoutes } from './jobs/jobs.routes.js';
import { conversationsRoutes } from './conversations/conversations.routes.js';
import { reviewsRoutes } from './reviews/reviews.routes.js';
import { offersRoutes } from './offers/offers.routes.js';

export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(categoriesRoutes);
  await app.register(mediaRoutes);
  await app.register(catalogueRoutes);
  await app.register(newsletterRoutes);
  await app.register(productsRoutes);
  await app.register(uploadsRoutes);
  await app.register(bookingsRoutes);
  await app.register(reportsRoutes);
  await app.register(paymentsRoutes);
  await app.register(adminRoutes);
  await app.register(ordersRoutes);
  await app.register(devMailRoutes);
  await app.register(favouritesRoutes);
  await app.register(homesRoutes);
  await app.register(sellersRoutes);
  await app.register(jobsRoutes);
  await app.register(conversationsRoutes);
  await app.register(reviewsRoutes);
  await app.register(offersRoutes);
}
