/**
 * What search engines read first: /robots.txt (where they may go, and where the sitemap is) and
 * /sitemap.xml (every page worth listing). Both come from the web app's page table, so a page added
 * there is listed here without a change on this side; a page with parameters lists its addresses
 * through the page's own entry in that table. Served with the web app only: without it there are no
 * pages to list.
 */
import type { FastifyInstance } from 'fastify';
import { errorMessages } from '@furniture-mart/shared';
import { ServiceUnavailable } from '../platform/errors.js';
import type { SitemapAddress } from '@furniture-mart/shared/render';
import { fetchInProcess, type AppPages } from './app-pages.js';

/** Like the build's other unchanging-name files at the site root: checked again after five minutes. */
const CACHE_CONTROL = 'public, max-age=300';

export interface DiscoveryOptions {
  pages: AppPages;
}

export async function discoveryRoutes(app: FastifyInstance, { pages }: DiscoveryOptions): Promise<void> {
  const origin = new URL(app.config.PUBLIC_URL).origin;

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    const lines = [
      '# Public pages may be indexed; accounts, dashboards and the API are not for search engines.',
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      ...pages.membersOnly().map((prefix) => `Disallow: ${prefix}`),
      '',
      `Sitemap: ${origin}/sitemap.xml`,
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CACHE_CONTROL)
      .send(`${lines.join('\n')}\n`);
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    let addresses: SitemapAddress[];
    try {
      // Read as a visitor: the sitemap is the same for everyone.
      addresses = await pages.sitemap(fetchInProcess(app));
    } catch (error) {
      // A partial list would tell search engines the missing pages are gone.
      request.log.error({ err: error }, 'could not list the pages of the sitemap');
      throw new ServiceUnavailable(errorMessages.sitemapUnavailable);
    }
    const urls = addresses.map(
      ({ path, lastmod }) =>
        `<url><loc>${escapeXml(origin + path)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}</url>`,
    );
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', CACHE_CONTROL)
      .send(
        '<?xml version="1.0" encoding="UTF-8"?>\n' +
          `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      );
  });
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}
