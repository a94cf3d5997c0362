import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Alert } from './Alert';

describe('Alert', () => {
  it('renders nothing without a message', () => {
    const { container } = render(<Alert tone="error">{null}</Alert>);
    expect(container).toBeEmptyDOMElement();
    render(<Alert tone="info">{''}</Alert>);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('announces an error at once and a notice politely', () => {
    render(
      <>
        <Alert tone="error">The card was declined.</Alert>
        <Alert tone="info">We sent you a link.</Alert>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The card was declined.');
    expect(screen.getByRole('alert')).toHaveClass('alert-error');
    expect(screen.getByRole('status')).toHaveTextContent('We sent you a link.');
    expect(screen.getByRole('status')).toHaveClass('alert-info');
  });

  it('takes the role it is given and shows each tone', () => {
    render(
      <>
        <Alert tone="warning" role="alert">
          Locked
        </Alert>
        <Alert tone="success">Saved</Alert>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveClass('alert-warning');
    expect(screen.getByRole('status')).toHaveClass('alert-success');
  });

  it('offers "Try again" for a failed load', async () => {
    const retry = vi.fn();
    render(
      <Alert tone="error" onRetry={retry}>
        Could not load.
      </Alert>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('shows an action beside the message', () => {
    render(
      <Alert tone="warning" action={<a href="/dashboard/myOrders">Go to My Orders</a>}>
        Sold meanwhile.
      </Alert>,
    );
    expect(screen.getByRole('status')).toContainElement(
      screen.getByRole('link', { name: 'Go to My Orders' }),
    );
  });

  it('moves focus to itself when asked, so the reason is read first', () => {
    const { rerender } = render(
      <Alert tone="error" takeFocus data-testid="card-error">
        {null}
      </Alert>,
    );
    rerender(
      <Alert tone="error" takeFocus data-testid="card-error">
        Your card was declined.
      </Alert>,
    );
    expect(screen.getByTestId('card-error')).toHaveFocus();
  });
});
