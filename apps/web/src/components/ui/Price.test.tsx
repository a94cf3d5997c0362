import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatMoney, type PublicConfig } from '@furniture-mart/shared';
import { authKeys } from '../../lib/session';
import { Price } from './Price';

/** A query client that already knows the server's configuration, as after start-up. */
function withConfig(currency: string | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  if (currency) client.setQueryData(authKeys.config, { currency } as PublicConfig);
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

describe('Price', () => {
  it('shows minor units in the shop currency', () => {
    render(<Price cents={123456} />, { wrapper: withConfig('USD') });
    expect(screen.getByText(formatMoney(123456, 'USD'))).toHaveClass('tabular-nums');
  });

  it('uses the currency the amount was recorded in, and strikes an original price through', () => {
    render(<Price cents={5000} currency="JPY" strike />, { wrapper: withConfig('USD') });
    const text = formatMoney(5000, 'JPY');
    expect(screen.getByText(text).tagName).toBe('DEL');
    expect(text).not.toBe(formatMoney(5000, 'USD'));
  });

  it('shows nothing until the currency is known', () => {
    const { container } = render(<Price cents={100} />, { wrapper: withConfig(null) });
    expect(container.firstElementChild).toHaveAttribute('aria-busy', 'true');
    expect(container).toHaveTextContent('');
  });
});
