import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicConfig } from '@furniture-mart/shared';
import { authKeys } from '../lib/session';
import { PhoneLink } from './PhoneLink';

function renderIn(phoneRegion: string, phone: string) {
  const client = new QueryClient();
  client.setQueryData(authKeys.config, { currency: 'BDT', phoneRegion } as PublicConfig);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  render(<PhoneLink phone={phone} />, { wrapper });
  return screen.getByRole('link');
}

describe('PhoneLink', () => {
  it('shows a stored number grouped and calls its E.164 form', () => {
    const link = renderIn('BD', '+8801711223344');
    expect(link).toHaveTextContent('01711-223344');
    expect(link).toHaveAttribute('href', 'tel:+8801711223344');
  });

  it('groups a number stored as typed before, read in the shop’s region', () => {
    expect(renderIn('BD', '০১৭১১ ২২৩৩৪৪')).toHaveAttribute('href', 'tel:+8801711223344');
  });

  it('shows what does not parse as it is', () => {
    const link = renderIn('BD', 'ask at the shop 12');
    expect(link).toHaveTextContent('ask at the shop 12');
    expect(link).toHaveAttribute('href', 'tel:12');
  });
});
