import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DashboardMenu } from './DashboardMenu';

function renderAt(path: string, role: 'buyer' | 'seller' = 'buyer') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <DashboardMenu role={role} />
    </MemoryRouter>,
  );
  return screen.getByRole('navigation', { name: 'Dashboard' });
}

describe('DashboardMenu', () => {
  it('marks its own page as the current one', () => {
    renderAt('/dashboard/myOrders');
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current');
  });

  it.each(['/dashboard/payment/7b1f0c0e-2f4e-4d8e-9a51-8f3c2b9d1a11', '/dashboard/orders/abc'])(
    'highlights My Orders on %s',
    (path) => {
      renderAt(path);
      const myOrders = screen.getByRole('link', { name: 'My Orders' });
      expect(myOrders).toHaveAttribute('aria-current', 'location');
      expect(myOrders.className).toContain('bg-primary');
      expect(screen.getByRole('link', { name: 'Account' }).className).not.toContain('bg-primary');
    },
  );

  it('highlights My Products for a seller reading an order', () => {
    renderAt('/dashboard/orders/abc', 'seller');
    expect(screen.getByRole('link', { name: 'My Products' })).toHaveAttribute('aria-current', 'location');
  });
});
