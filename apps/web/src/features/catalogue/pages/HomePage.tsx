import { DocumentTitle } from '../../../components/DocumentTitle';
import { Banner } from '../components/Banner';
import { CategoryGrid } from '../components/CategoryGrid';
import { PopularFurniture } from '../components/PopularFurniture';
import { Testimonials } from '../components/Testimonials';
import { t } from '@furniture-mart/shared';

export function HomePage() {
  return (
    <>
      <DocumentTitle />
      {/* The slides carry the visible headlines; the page still needs one name of its own. */}
      <h1 className="sr-only">{t('home.title')}</h1>
      <Banner />
      <section
        id="categories"
        aria-labelledby="categories-heading"
        className="page-container scroll-mt-20 space-y-6"
      >
        <div className="space-y-1">
          <h2 id="categories-heading" className="font-display text-3xl font-bold">
            {t('home.categories.heading')}
          </h2>
          <p className="text-base-content/75">{t('home.categories.text')}</p>
        </div>
        <CategoryGrid />
      </section>
      <PopularFurniture />
      <Testimonials />
    </>
  );
}
