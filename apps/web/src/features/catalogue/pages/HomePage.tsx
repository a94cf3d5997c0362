import { DocumentTitle } from '../../../components/DocumentTitle';
import { Banner } from '../components/Banner';
import { CategoryGrid } from '../components/CategoryGrid';
import { PopularFurniture } from '../components/PopularFurniture';
import { Testimonials } from '../components/Testimonials';

export function HomePage() {
  return (
    <>
      <DocumentTitle />
      {/* The slides carry the visible headlines; the page still needs one name of its own. */}
      <h1 className="sr-only">Furniture Mart: used furniture for every home and budget</h1>
      <Banner />
      <section
        id="categories"
        aria-labelledby="categories-heading"
        className="page-container scroll-mt-20 space-y-6"
      >
        <div className="space-y-1">
          <h2 id="categories-heading" className="font-display text-3xl font-bold">
            Shop by category
          </h2>
          <p className="text-base-content/75">Pick a room and see what is available right now.</p>
        </div>
        <CategoryGrid />
      </section>
      <PopularFurniture />
      <Testimonials />
    </>
  );
}
