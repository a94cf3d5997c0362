/**
 * Browsing: a category with its products and the search across categories (signed in, or anyone with
 * CATALOGUE_ACCESS=public), and the advertised products shown on the home page (public).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  categoryProductsQueryIn,
  categoryRefParams,
  categoryWithProductsSchema,
  pageQuery,
  productCardPageSchema,
  productSearchQueryIn,
  productSitemapSchema,
} from '@furniture-mart/shared';

export async function catalogueRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const catalogue = app.services.catalogue;
  // Price filters are read in the shop's currency, into the minor units the listing compares.
  const categoryProductsQuery = categoryProductsQueryIn(app.config.CURRENCY);
  const productSearchQuery = productSearchQueryIn(app.config.CURRENCY);
  // Checked before the query is validated, so a signed-out visitor always gets 401; unless the shop
  // opens its catalogue to visitors (CATALOGUE_ACCESS=public).
  const open = app.config.CATALOGUE_ACCESS === 'public';
  const signedIn = async (request: FastifyRequest) => {
    if (!open) await request.requireViewer();
  };
  const security = open ? [] : [{ session: [] }];

  route.get(
    '/api/categories/:id',
    {
      onRequest: signedIn,
      schema: {
        tags: ['catalogue'],
        summary:
          'A category (by id or slug) with one page of its available products; filters, search and sort',
        security,
        params: categoryRefParams,
        querystring: categoryProductsQuery,
        response: { 200: categoryWithProductsSchema },
      },
    },
    async (request) =>
      catalogue.categoryWithProducts(request.params.id, request.query, await request.viewer()),
  );

  route.get(
    '/api/products',
    {
      onRequest: signedIn,
      schema: {
        tags: ['catalogue'],
        summary: 'Search every available product by words in title and description, with filters and sort',
        security,
        querystring: productSearchQuery,
        response: { 200: productCardPageSchema },
      },
    },
    async (request) => catalogue.search(request.query, await request.viewer()),
  );

  route.get(
    '/api/products/sitemap',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Every product on sale with its last change, newest first (for the sitemap)',
        response: { 200: productSitemapSchema },
      },
    },
    async () => catalogue.sitemapProducts(),
  );

  route.get(
    '/api/products/advertised',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Advertised products that are still available, most recently advertised first',
        querystring: pageQuery,
        response: { 200: productCardPageSchema },
      },
    },
    async (request) => catalogue.advertised(request.query),
  );
}
