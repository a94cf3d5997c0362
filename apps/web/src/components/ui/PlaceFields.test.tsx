import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PlaceFields, type PlaceValue } from './PlaceFields';

function Picker({ start, onChange }: { start: PlaceValue; onChange?: (value: PlaceValue) => void }) {
  const [value, setValue] = useState(start);
  return (
    <PlaceFields
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
      names={{ division: 'location', district: 'district', area: 'area' }}
      labels={{ division: 'Division', district: 'District', area: 'Area' }}
      empty={{
        division: { label: 'Anywhere', selectable: true },
        district: { label: 'Any district', selectable: true },
        area: { label: 'Any area', selectable: true },
      }}
      errors={{ area: 'Choose one of the areas.' }}
    />
  );
}

const optionLabels = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('PlaceFields', () => {
  it('offers the districts of the chosen division, then the areas of the chosen district', async () => {
    const onChange = vi.fn();
    render(<Picker start={{ division: '', district: '', area: '' }} onChange={onChange} />);
    const district = screen.getByLabelText('District');
    expect(district).toBeDisabled();

    await userEvent.selectOptions(screen.getByLabelText('Division'), 'Sylhet');
    await waitFor(() =>
      expect(optionLabels(district)).toEqual([
        'Any district',
        'Habiganj',
        'Moulvibazar',
        'Sunamganj',
        'Sylhet',
      ]),
    );
    await userEvent.selectOptions(district, 'sylhet');
    const area = screen.getByLabelText('Area');
    expect(optionLabels(area)).toContain('Companiganj');
    await userEvent.selectOptions(area, 'sylhet-companiganj');
    expect(onChange).toHaveBeenLastCalledWith({
      division: 'Sylhet',
      district: 'sylhet',
      area: 'sylhet-companiganj',
    });
    // The area's error is tied to it.
    expect(area).toHaveAccessibleDescription('Choose one of the areas.');
  });

  it('clears a district outside a newly chosen division, and the area of a changed district', async () => {
    const onChange = vi.fn();
    render(
      <Picker start={{ division: 'Dhaka', district: 'dhaka', area: 'dhaka-mirpur' }} onChange={onChange} />,
    );
    await waitFor(() => expect(screen.getByLabelText('Area')).toHaveDisplayValue('Mirpur'));
    await userEvent.selectOptions(screen.getByLabelText('District'), 'gazipur');
    expect(onChange).toHaveBeenLastCalledWith({ division: 'Dhaka', district: 'gazipur', area: '' });
    await userEvent.selectOptions(screen.getByLabelText('Division'), 'Khulna');
    expect(onChange).toHaveBeenLastCalledWith({ division: 'Khulna', district: '', area: '' });
    expect(screen.getByLabelText('Area')).toBeDisabled();
  });
});

describe('PlaceFields from an address naming an area alone', () => {
  it('fills in its district and division', async () => {
    const onChange = vi.fn();
    render(<Picker start={{ division: '', district: '', area: 'dhaka-mirpur' }} onChange={onChange} />);
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith({ division: 'Dhaka', district: 'dhaka', area: 'dhaka-mirpur' }),
    );
    expect(screen.getByLabelText('Division')).toHaveValue('Dhaka');
    expect(screen.getByLabelText('District')).toHaveValue('dhaka');
    expect(screen.getByLabelText('Area')).toHaveValue('dhaka-mirpur');
  });
});
