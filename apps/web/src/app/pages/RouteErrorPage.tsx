import { isRouteErrorResponse, useRouteError } from 'react-router';
import { messages } from '@furniture-mart/shared';
import { DocumentTitle } from '../../components/DocumentTitle';
import { webMessages } from '@furniture-mart/shared';

/** After a release, an open tab may ask for page files that no longer exist. */
function isStaleBundleError(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /dynamically imported module|Importing a module script failed/i.test(error.message)
  );
}

function describe(error: unknown): { title: string; text: string } {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return { title: messages.notFoundTitle, text: messages.notFoundText };
  }
  if (isStaleBundleError(error)) {
    return { title: webMessages.routeErrorTitle, text: webMessages.pageLoadFailed };
  }
  return { title: webMessages.routeErrorTitle, text: webMessages.routeErrorText };
}

/** The message and the two ways out; used inside a layout's <main> or as a whole screen. */
export function RouteErrorContent() {
  const error = useRouteError();
  const { title, text } = describe(error);
  if (import.meta.env.DEV) console.error(error);

  return (
    <section className="page-container grid min-h-[60vh] place-items-center text-center">
      <DocumentTitle title={title} />
      <div className="max-w-lg space-y-5">
        <h1 className="font-display text-3xl font-bold sm:text-4xl">{title}</h1>
        <p className="text-lg text-base-content/80">{text}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            Reload page
          </button>
          {/* A full page load, in case the app's own state is what broke. */}
          <a href="/" className="btn btn-outline">
            {messages.backToHome}
          </a>
        </div>
      </div>
    </section>
  );
}

/** For errors in a layout itself, when no header or footer can be shown. */
export function RouteErrorScreen() {
  return (
    <main id="main" className="min-h-dvh">
      <RouteErrorContent />
    </main>
  );
}
