import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { messages, t, webMessages } from '@furniture-mart/shared';
import { DocumentTitle } from '../../components/DocumentTitle';

/** After a release, an open tab may ask for page files that no longer exist. */
function isStaleBundleError(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /dynamically imported module|Importing a module script failed/i.test(error.message)
  );
}

function describe(error: unknown): { title: string; text: string } {
  if (isStaleBundleError(error)) {
    return { title: webMessages.routeErrorTitle, text: webMessages.pageLoadFailed };
  }
  return { title: webMessages.routeErrorTitle, text: webMessages.routeErrorText };
}

/** The message and the two ways out; used inside a layout's <main> or as a whole screen. */
function RouteErrorContent({ error }: { error: unknown }) {
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
            {t('web.reloadPage')}
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

interface BoundaryProps {
  /** For errors in a layout itself: the message on a screen of its own, with no header or footer. */
  screen?: boolean;
  children: ReactNode;
}

/** Catches what a page or layout throws while rendering, and shows the message in its place. */
export function RouteErrorBoundary(props: BoundaryProps) {
  // Any navigation clears the error (another page, other filters, the same link again): what failed
  // may work this time.
  return <ErrorBoundary {...props} entry={useLocation().key} />;
}

interface State {
  /** The history entry the boundary last rendered for. */
  entry: string;
  /** Wrapped, since anything can be thrown, undefined included. */
  error?: { value: unknown };
}

type Props = BoundaryProps & { entry: string };

class ErrorBoundary extends Component<Props, State> {
  override state: State = { entry: this.props.entry };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: { value: error } };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.entry === state.entry ? null : { entry: props.entry, error: undefined };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const content = <RouteErrorContent error={error.value} />;
    return this.props.screen ? (
      <main id="main" className="min-h-dvh">
        {content}
      </main>
    ) : (
      content
    );
  }
}
