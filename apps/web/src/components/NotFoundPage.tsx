import { Link } from 'react-router';
import { messages } from '@furniture-mart/shared';
import { DocumentTitle } from './DocumentTitle';

export function NotFoundPage() {
  return (
    <section className="page-container grid min-h-[60vh] place-items-center text-center">
      <DocumentTitle title={messages.notFoundTitle} />
      {/* The server answers such an address with 404; a link followed inside the app reaches no server. */}
      <meta name="robots" content="noindex" />
      <div className="max-w-lg space-y-5">
        <p className="font-display text-7xl font-bold text-primary/80 sm:text-8xl" aria-hidden="true">
          404
        </p>
        <h1 className="font-display text-3xl font-bold sm:text-4xl">{messages.notFoundTitle}</h1>
        <p className="text-lg text-base-content/80">{messages.notFoundText}</p>
        <Link to="/" className="btn btn-primary">
          {messages.backToHome}
        </Link>
      </div>
    </section>
  );
}
