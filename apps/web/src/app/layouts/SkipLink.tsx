import { t } from '@furniture-mart/shared';

/** First tab stop on every page: jump past the navigation to the content. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="btn btn-primary btn-sm fixed left-3 top-3 z-50 -translate-y-20 focus:translate-y-0"
    >
      {t('nav.skipToContent')}
    </a>
  );
}
