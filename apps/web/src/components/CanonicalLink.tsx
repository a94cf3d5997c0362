import { useLocation } from 'react-router';

/**
 * The address search engines should file a public page under: its path without filters, sort or
 * paging, so the many URLs of one category page count as one. React 19 hoists the link into <head>.
 */
export function CanonicalLink() {
  const { pathname } = useLocation();
  // Pages rendered at build time do not know the site's address; the browser adds the link.
  if (typeof window === 'undefined') return null;
  return <link rel="canonical" href={new URL(pathname, window.location.origin).href} />;
}
