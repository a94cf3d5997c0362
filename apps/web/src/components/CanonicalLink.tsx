import { useLocation } from 'react-router';
import { useConfig } from '../lib/session';

/**
 * The address search engines should file a public page under: its path at the site's public address,
 * without filters, sort or paging, so the many URLs of one category page count as one. React 19 hoists
 * the link into <head>; a page rendered on the server carries it too (the address comes from GET
 * /api/config), and the pages rendered at build time get it in the browser.
 */
export function CanonicalLink() {
  const { pathname } = useLocation();
  const publicUrl =
    useConfig().data?.publicUrl ?? (typeof window === 'undefined' ? null : window.location.origin);
  if (!publicUrl) return null;
  return <link rel="canonical" href={new URL(pathname, publicUrl).href} />;
}
