import { Link } from 'react-router';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { CategoryGrid } from '../components/CategoryGrid';
import { HeroIllustration } from '../components/HeroIllustration';

export function HomePage() {
  return (
    <>
      <DocumentTitle />
      <section className="bg-gradient-to-b from-base-200 to-base-100">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:px-6 md:py-16 lg:grid-cols-2">
          <div className="space-y-6">
            <p className="badge badge-accent badge-soft font-semibold">Used furniture, fair prices</p>
            <h1 className="font-display text-4xl font-bold leading-tight text-balance sm:text-5xl">
              Give good furniture a second home
            </h1>
            <p className="max-w-xl text-lg text-base-content/80">
              Browse sofas, beds, tables and more from sellers near you, book what you like and pay securely
              online. Selling? List a piece in minutes at the price you choose.
            </p>
            <div className="flex flex-wrap gap-3">
              <a href="#categories" className="btn btn-primary btn-lg">
                Browse categories
              </a>
              <Link to="/signup" className="btn btn-outline btn-lg">
                Start selling
              </Link>
            </div>
          </div>
          <HeroIllustration className="mx-auto w-full max-w-md lg:max-w-lg" />
        </div>
      </section>
      <section id="categories" aria-labelledby="categories-heading" className="page-container scroll-mt-20 space-y-6">
        <div className="space-y-1">
          <h2 id="categories-heading" className="font-display text-3xl font-bold">
            Shop by category
          </h2>
          <p className="text-base-content/75">Pick a room and see what is available right now.</p>
        </div>
        <CategoryGrid />
      </section>
    </>
  );
}
