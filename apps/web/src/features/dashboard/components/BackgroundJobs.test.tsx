import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobsOverview } from '@furniture-mart/shared';
import { BackgroundJobs } from './BackgroundJobs';

const failedId = '00000000-0000-4000-8000-0000000000f1';

/** The server as the card asks it: one failed message until it is retried. */
let overview: JobsOverview;
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input);
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  if (url === '/api/admin/jobs') return json(overview);
  if (url === `/api/admin/jobs/${failedId}/retry` && init?.method === 'POST') {
    overview = { ...overview, items: [] };
    return json({ id: failedId, kind: 'mail', status: 'pending' });
  }
  return new Response(null, { status: 404 });
});

function renderCard() {
  overview = {
    backlog: [
      { kind: 'mail', pending: 3, oldestPendingSeconds: 600, failed: 1, stuck: 0 },
      { kind: 'refund', pending: 0, oldestPendingSeconds: 0, failed: 0, stuck: 0 },
    ],
    items: [
      {
        id: failedId,
        kind: 'mail',
        state: 'failed',
        summary: 'Your booking (to gone@example.test)',
        attempts: 1,
        lastError: '550 mailbox unavailable',
        createdAt: '2026-11-20T10:00:00.000Z',
        failedAt: '2026-11-20T10:00:05.000Z',
      },
    ],
  };
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  render(<BackgroundJobs />, { wrapper });
}

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

describe('BackgroundJobs', () => {
  it('shows the backlog and each failed job with its error, and retries it', async () => {
    renderCard();
    expect(await screen.findByText('Your booking (to gone@example.test)')).toBeInTheDocument();
    expect(screen.getByText('3 waiting, the oldest for 10 min.')).toBeInTheDocument();
    expect(screen.getByText('Nothing waiting.')).toBeInTheDocument();
    expect(screen.getByText('550 mailbox unavailable')).toBeInTheDocument();
    expect(screen.getByText('Failed')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No job has failed or is stuck.')).toBeInTheDocument();
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        `/api/admin/jobs/${failedId}/retry`,
        expect.objectContaining({ method: 'POST' }),
      ),
    );
  });
});
