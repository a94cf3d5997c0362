import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageSpinner, Spinner } from './Spinner';

describe('Spinner', () => {
  it('is a status named by its label', () => {
    render(<Spinner label="Loading orders" />);
    expect(screen.getByRole('status', { name: 'Loading orders' })).toHaveTextContent('Loading orders');
  });
});

describe('PageSpinner', () => {
  it('marks the page as loading', () => {
    const { container } = render(<PageSpinner label="Loading the page" />);
    expect(container.querySelector('[data-page-loading]')).not.toBeNull();
    expect(screen.getByRole('status', { name: 'Loading the page' })).toBeInTheDocument();
  });
});
