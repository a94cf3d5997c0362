import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Field, SelectField, TextAreaField, TextField } from './Field';

/** The texts an element's aria-describedby points at, in order. */
function descriptions(element: HTMLElement): string[] {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? `missing #${id}`);
}

describe('TextField', () => {
  it('ties the input to its label and is valid without an error', () => {
    render(<TextField label="Email" type="email" />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('type', 'email');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('is described by its hint and marked invalid with its error', () => {
    render(<TextField label="Password" hint="At least 8 characters." error="This field is required." />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveClass('input-error');
    expect(descriptions(input)).toEqual(['At least 8 characters.', 'This field is required.']);
    expect(input).toHaveAccessibleDescription('At least 8 characters. This field is required.');
  });

  it('passes input attributes and a ref through', async () => {
    let element: HTMLInputElement | null = null;
    render(
      <TextField
        label="Phone"
        inputMode="tel"
        className="wrapper"
        inputClassName="font-mono"
        ref={(node) => {
          element = node;
        }}
      />,
    );
    const input = screen.getByLabelText('Phone');
    expect(element).toBe(input);
    expect(input).toHaveAttribute('inputmode', 'tel');
    expect(input).toHaveClass('font-mono');
    expect(input.parentElement).toHaveClass('wrapper');
    await userEvent.type(input, '0123');
    expect(input).toHaveValue('0123');
  });
});

describe('SelectField', () => {
  const options = [
    { value: 'new', label: 'New' },
    { value: 'used', label: 'Used' },
  ];

  it('starts on a prompt that cannot be chosen back', () => {
    render(
      <SelectField label="Condition" options={options} emptyOption={{ label: 'Choose' }} defaultValue="" />,
    );
    const select = screen.getByLabelText('Condition');
    expect(select).toHaveValue('');
    expect(screen.getByRole('option', { name: 'Choose' })).toBeDisabled();
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choose',
      'New',
      'Used',
    ]);
  });

  it('offers an empty choice when it is selectable, and wires its error', async () => {
    render(
      <SelectField
        label="Location"
        options={options}
        emptyOption={{ label: 'Anywhere', selectable: true }}
        error="Pick one."
      />,
    );
    const select = screen.getByLabelText('Location');
    expect(screen.getByRole('option', { name: 'Anywhere' })).toBeEnabled();
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Pick one.');
    await userEvent.selectOptions(select, 'used');
    expect(select).toHaveValue('used');
  });
});

describe('TextAreaField', () => {
  it('is a labelled textarea with hint and error', () => {
    render(<TextAreaField label="Description" rows={5} hint="Material and size." error="Too short." />);
    const textarea = screen.getByLabelText('Description');
    expect(textarea.tagName).toBe('TEXTAREA');
    expect(textarea).toHaveAttribute('rows', '5');
    expect(textarea).toHaveAttribute('aria-invalid', 'true');
    expect(descriptions(textarea)).toEqual(['Material and size.', 'Too short.']);
  });
});

describe('Field', () => {
  it('wires any control it renders', () => {
    render(
      <Field label="Photos" hint="1 to 8 photos.">
        {(control) => <input type="file" {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText('Photos');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAccessibleDescription('1 to 8 photos.');
  });
});
