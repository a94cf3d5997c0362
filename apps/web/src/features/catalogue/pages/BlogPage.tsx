import { DocumentTitle } from '../../../components/DocumentTitle';
import { blogPosts } from '../components/blogPosts';
import { PartnerLogos } from '../components/PartnerLogos';

export function BlogPage() {
  return (
    <div className="page-container space-y-12">
      <DocumentTitle title="Our Blog" />
      <section aria-labelledby="blog-heading" className="space-y-6">
        <header className="space-y-2">
          <h1 id="blog-heading" className="font-display text-3xl font-bold sm:text-4xl">
            Our Blog
          </h1>
          <p className="max-w-2xl text-base-content/80">
            Answers to questions people ask our developers. Every answer starts open; close the ones you have
            read.
          </p>
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
                {post.question}
              </summary>
              <div className="collapse-content max-w-3xl space-y-3 leading-relaxed text-base-content/90 [&_li]:ps-1 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:ps-6">
                {post.answer}
              </div>
            </details>
          ))}
        </div>
      </section>
      <section aria-labelledby="partners-heading" className="space-y-6">
        <h2 id="partners-heading" className="font-display text-3xl font-bold">
          Our Partners
        </h2>
        <PartnerLogos />
      </section>
    </div>
  );
}
