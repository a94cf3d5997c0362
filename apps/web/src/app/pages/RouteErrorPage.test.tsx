import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes, useSearchParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { webMessages } from '@furniture-mart/shared';
import { RouteErrorBoundary } from './RouteErrorPage';

/** Fails until its address asks for the working version. */
function Broken({ error }: { error: unknown }): React.ReactNode {
  const [search] = useSearchParams();
  if (!search.has('working')) throw error;
  return <p>Working now</p>;
}

function site(error: unknown, screenOfItsOwn = false) {
  return (
    <MemoryRouter initialEntries={['/broken']}>
      <nav>
        <Link to="/fine">Fine page</Link>
        <Link to="/broken?working">Same page, other filters</Link>
      </nav>
      <RouteErrorBoundary screen={screenOfItsOwn}>
        <Routes>
          <Route path="/broken" element={<Broken error={error} />} />
          <Route path="/fine" element={<p>All well</p>} />
        </Routes>
      </RouteErrorBoundary>
    </MemoryRouter>
  );
}

describe('RouteErrorBoundary', () => {
  // React reports every error a boundary catches.
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => vi.restoreAllMocks());

  it('shows what went wrong in place of the page, and clears it at the next navigation', async () => {
    const user = userEvent.setup();
    render(site(new Error('boom')));
    expect(screen.getByRole('heading', { level: 1, name: webMessages.routeErrorTitle })).toBeInTheDocument();
    expect(screen.getByText(webMessages.routeErrorText)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
    expect(screen.queryByRole('main')).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Fine page' }));
    expect(screen.getByText('All well')).toBeInTheDocument();
    expect(screen.queryByText(webMessages.routeErrorText)).not.toBeInTheDocument();
  });

  it('clears it for the same page at another address, so changed filters get their chance', async () => {
    const user = userEvent.setup();
    render(site(new Error('boom')));
    expect(screen.getByText(webMessages.routeErrorText)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Same page, other filters' }));
    expect(screen.getByText('Working now')).toBeInTheDocument();
  });

  it('names a page file that no longer exists as a new release, and anything thrown is caught', () => {
    render(site(new TypeError('Failed to fetch dynamically imported module: /assets/BlogPage-x.js')));
    expect(screen.getByText(webMessages.pageLoadFailed)).toBeInTheDocument();
  });

  it('catches a thrown value that is not an error, undefined included', () => {
    render(site(undefined, true));
    // A layout's own error fills a screen of its own, with its main landmark.
    expect(screen.getByRole('main')).toHaveTextContent(webMessages.routeErrorText);
  });
});
