import { Link } from 'react-router';
import { LogoMark } from '../../components/Logo';
import { NewsletterForm } from '../../features/newsletter/components/NewsletterForm';
import { categoryName, t } from '@furniture-mart/shared';
import { LanguageSwitch } from '../../components/LanguageSwitch';

// The server accepts a category's slug wherever it accepts its id.
const footerCategories = ['bed-room', 'dining-room', 'kitchen', 'guest-room'];

export function SiteFooter() {
  return (
    <footer className="bg-neutral text-neutral-content" data-site-footer>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1.2fr]">
        <section aria-labelledby="footer-about" className="space-y-3">
          <h2 id="footer-about" className="flex items-center gap-2 font-display text-xl font-bold">
            <LogoMark className="h-8 w-8" />
            Furniture Mart
          </h2>
          <p className="max-w-md text-neutral-content/85">{t('footer.about')}</p>
          <LanguageSwitch className="btn-sm -ml-3 text-neutral-content hover:bg-neutral-content/10" />
        </section>
        <nav aria-labelledby="footer-categories">
          <h2 id="footer-categories" className="mb-3 font-semibold">
            {t('footer.categories')}
          </h2>
          <ul className="space-y-2">
            {footerCategories.map((slug) => (
              <li key={slug}>
                <Link
                  to={`/categories/${slug}`}
                  className="link link-hover text-neutral-content/85 hover:text-neutral-content"
                >
                  {categoryName(slug)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section className="md:col-span-2 lg:col-span-1">
          <NewsletterForm />
        </section>
      </div>
      <div className="border-t border-neutral-content/15">
        <p className="mx-auto max-w-7xl px-4 py-5 text-center text-sm text-neutral-content/80 sm:px-6">
          {t('footer.copyright')}
        </p>
      </div>
    </footer>
  );
}
