import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { catalogueMessages, messages } from '@furniture-mart/shared';
import { ListingFilters } from './ListingFilters';
import type { ListingFilters as Filters } from '../listingState';

const empty: Filters = {
  q: '',
  minPrice: '',
  maxPrice: '',
  condition: '',
  location: '',
  district: '',
  area: '',
  category: '',
  fits: '',
};

function renderFilters(value: Partial<Filters> = {}, canFilterByFit = false) {
  const onApply = vi.fn();
  const onClear = vi.fn();
  render(
    <ListingFilters
      value={{ ...empty, ...value }}
      onApply={onApply}
      onClear={onClear}
      label="Filter Living Room"
      resetKey="start"
      canFilterByFit={canFilterByFit}
    />,
  );
  const form = screen.getAllByRole('search', { name: 'Filter Living Room' })[0]!;
  return { onApply, onClear, form };
}

describe('ListingFilters', () => {
  it('starts from the filters in the address and applies them together, words trimmed', async () => {
    const { onApply } = renderFilters({ q: 'oak', condition: 'good' });
    expect(screen.getByLabelText('Search')).toHaveValue('oak');
    expect(screen.getByLabelText('Condition')).toHaveValue('good');

    await userEvent.clear(screen.getByLabelText('Search'));
    await userEvent.type(screen.getByLabelText('Search'), '  teak sofa ');
    await userEvent.type(screen.getByLabelText('Min price ($)'), '1,250.50');
    // Division, district and area cascade.
    await userEvent.selectOptions(screen.getByLabelText('Division'), 'Dhaka');
    await waitFor(() => expect(screen.getByLabelText('District')).toBeEnabled());
    await userEvent.selectOptions(screen.getByLabelText('District'), 'dhaka');
    await userEvent.selectOptions(screen.getByLabelText('Area'), 'dhaka-mirpur');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(onApply).toHaveBeenCalledOnce());
    expect(onApply).toHaveBeenCalledWith({
      q: 'teak sofa',
      minPrice: '1,250.50',
      maxPrice: '',
      condition: 'good',
      location: 'Dhaka',
      district: 'dhaka',
      area: 'dhaka-mirpur',
      category: '',
      fits: '',
    });
  });

  it('offers "fits my home" to a buyer with a saved home, and applies it with the rest', async () => {
    expect(renderFilters().form).not.toHaveTextContent('Fits my home');
    document.body.innerHTML = '';
    const { onApply } = renderFilters({}, true);
    await userEvent.click(screen.getByRole('checkbox', { name: /Fits my home/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(onApply).toHaveBeenCalledOnce());
    expect(onApply).toHaveBeenCalledWith({ ...empty, fits: '1' });
  });

  it('refuses a wrong price with a message on the field, focused, and clears it once corrected', async () => {
    const { onApply } = renderFilters();
    const min = screen.getByLabelText('Min price ($)');
    const max = screen.getByLabelText('Max price ($)');
    await userEvent.type(min, 'cheap');
    await userEvent.type(max, '100');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));

    expect(await screen.findByText(messages.invalidPrice)).toBeInTheDocument();
    expect(min).toHaveAttribute('aria-invalid', 'true');
    expect(min).toHaveFocus();
    expect(onApply).not.toHaveBeenCalled();

    await userEvent.clear(min);
    await userEvent.type(min, '500');
    await waitFor(() => expect(screen.queryByText(messages.invalidPrice)).not.toBeInTheDocument());
    // 500 to 100 is the wrong way round, said on the maximum.
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText(catalogueMessages.priceRange)).toBeInTheDocument();
    expect(max).toHaveFocus();
    expect(onApply).not.toHaveBeenCalled();
  });

  it('offers to clear only when a filter is set', async () => {
    const { onClear } = renderFilters({ location: 'Khulna' });
    await userEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(onClear).toHaveBeenCalledOnce();
  });
});
