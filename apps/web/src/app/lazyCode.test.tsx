import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyCode, useCodeLoading } from './lazyCode';

/** A module import the test settles by hand. */
function pendingImport() {
  let settle!: { resolve: () => void; reject: (error: Error) => void };
  let calls = 0;
  const importCode = () => {
    calls += 1;
    return new Promise<React.ComponentType>((resolve, reject) => {
      settle = { resolve: () => resolve(() => <p>Page content</p>), reject };
    });
  };
  return { importCode, settle: () => settle, calls: () => calls };
}

function Loading() {
  return <output>{useCodeLoading() ? 'loading code' : 'idle'}</output>;
}

describe('lazyCode', () => {
  it('imports once, however often it is asked for', async () => {
    const page = pendingImport();
    const code = lazyCode(page.importCode);
    const first = code.load();
    expect(code.load()).toBe(first);
    expect(code.ready()).toBe(false);
    page.settle().resolve();
    await first;
    expect(code.ready()).toBe(true);
    expect(page.calls()).toBe(1);
  });

  it('renders in one pass once loaded, as a render outside the browser needs', async () => {
    const page = pendingImport();
    const code = lazyCode(page.importCode);
    const loading = code.load();
    page.settle().resolve();
    await loading;
    // renderToString cannot wait: a component that suspended would leave the fallback.
    const html = renderToString(
      <Suspense fallback={<p>Spinner</p>}>
        <code.Component />
      </Suspense>,
    );
    expect(html).toContain('Page content');
    expect(html).not.toContain('Spinner');
  });

  it('suspends until its code is here, with code loading reported meanwhile', async () => {
    const page = pendingImport();
    const code = lazyCode(page.importCode);
    await act(async () => {
      render(
        <>
          <Loading />
          <Suspense fallback={<p>Spinner</p>}>
            <code.Component />
          </Suspense>
        </>,
      );
    });
    expect(screen.getByText('Spinner')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('loading code'));
    await act(async () => page.settle().resolve());
    expect(await screen.findByText('Page content')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('idle'));
  });

  it('keeps a failed import failed, and stops reporting it as loading', async () => {
    const page = pendingImport();
    const code = lazyCode(page.importCode);
    const loading = code.load();
    page.settle().reject(new TypeError('Failed to fetch dynamically imported module'));
    await expect(loading).rejects.toThrow('dynamically imported module');
    await expect(code.load()).rejects.toThrow('dynamically imported module');
    expect(code.ready()).toBe(false);
    expect(page.calls()).toBe(1);
    render(<Loading />);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('idle'));
  });
});
