import { DocumentTitle } from '../../../components/DocumentTitle';
import { BlogAnswer, blogPosts, blogQuestion } from '../components/blogPosts';
import { PartnerLogos } from '../components/PartnerLogos';
import { currentLocale, loadArea, locales, t } from '@furniture-mart/shared';

// The blog's long texts come with the blog page rather than with every page: in the page's language
// in the browser, in every language when rendered outside it.
await Promise.all(
  (import.meta.env.SSR ? locales : [currentLocale()]).map((locale) => loadArea('blog', locale)),
);

export function BlogPage() {
  return (
    <div className="page-container space-y-12">
      <DocumentTitle title={t('blog.title')} />
      <section aria-labelledby="blog-heading" className="space-y-6">
        <header className="space-y-2">
          <h1 id="blog-heading" className="font-display text-3xl font-bold sm:text-4xl">
            {t('blog.title')}
          </h1>
          <p className="max-w-2xl text-base-content/80">{t('blog.intro')}</p>
        </header>
        {/* Native disclosure widgets: each opens and closes on its own, several may be open at once. */}
        <div className="space-y-4">
          {blogPosts.map((post) => (
            <details
              key={post.id}
              id={post.id}
              open
              className="collapse-arrow collapse border border-base-300 bg-base-100 shadow-sm"
            >
              <summary className="collapse-title pe-12 font-display text-lg font-semibold sm:text-xl">
                {blogQuestion(post)}
              </summary>
              <div className="collapse-content max-w-3xl space-y-3 leading-relaxed text-base-content/90 [&_li]:ps-1 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:ps-6">
                <BlogAnswer post={post} />
              </div>
            </details>
          ))}
        </div>
      </section>
      <section aria-labelledby="partners-heading" className="space-y-6">
        <h2 id="partners-heading" className="font-display text-3xl font-bold">
          {t('blog.partners')}
        </h2>
        <PartnerLogos />
      </section>
    </div>
  );
}
