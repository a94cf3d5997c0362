import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@furniture-mart/shared';
import { DataTable, type Column } from './DataTable';

interface Person {
  id: string;
  name: string;
  email: string;
}

const people: Person[] = [
  { id: 'a', name: 'Ann', email: 'ann@example.com' },
  { id: 'b', name: 'Bob', email: 'bob@example.com' },
];

const columns: Column<Person>[] = [
  { header: '#', cell: (_row, index) => index + 1, className: 'w-12' },
  { header: 'Name', cell: (row) => row.name },
  { header: 'Email', cell: (row) => row.email },
];

describe('DataTable', () => {
  it('is a table named by its caption, with a header row and one row per item', () => {
    render(<DataTable caption="All buyers" columns={columns} rows={people} rowKey={(row) => row.id} />);
    const table = screen.getByRole('table', { name: 'All buyers' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['#', 'Name', 'Email']);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', 'Bob', 'bob@example.com']);
    // The scrolling box can be reached and scrolled with the keyboard.
    expect(screen.getByRole('region', { name: 'All buyers' })).toHaveAttribute('tabindex', '0');
  });

  it('says when there is nothing to show, and spins while loading', () => {
    const { rerender } = render(
      <DataTable caption="Orders" columns={columns} rows={[]} rowKey={(row) => row.id} />,
    );
    expect(screen.getByRole('cell')).toHaveTextContent(messages.noData);
    // Spanning every column: as a block it would shrink into the first one on a phone.
    expect(screen.getByRole('cell')).toHaveAttribute('colspan', '3');
    expect(screen.getByRole('cell')).not.toHaveClass('max-sm:block');
    rerender(<DataTable caption="Orders" columns={columns} rows={[]} rowKey={(row) => row.id} isLoading />);
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByText(messages.noData)).toBeNull();
  });

  it('stacked for phones, keeps its table roles and repeats each header beside its value', () => {
    render(
      <DataTable stackOnPhones caption="Sellers" columns={columns} rows={people} rowKey={(row) => row.id} />,
    );
    const table = screen.getByRole('table', { name: 'Sellers' });
    expect(table).toHaveClass('max-sm:block');
    expect(table).toHaveAttribute('role', 'table');
    const firstRow = within(table).getAllByRole('row')[1]!;
    expect(firstRow).toHaveAttribute('role', 'row');
    const nameCell = within(firstRow).getAllByRole('cell')[1]!;
    expect(nameCell).toHaveAttribute('role', 'cell');
    const label = within(nameCell).getByText('Name');
    expect(label).toHaveAttribute('aria-hidden', 'true');
    expect(label).toHaveClass('sm:hidden');
  });

  it('stacked, shows the empty row as one block', () => {
    render(
      <DataTable stackOnPhones caption="Sellers" columns={columns} rows={[]} rowKey={(row) => row.id} />,
    );
    expect(screen.getByRole('cell')).toHaveClass('max-sm:block');
  });

  it('is a plain table when not stacked', () => {
    render(<DataTable caption="Orders" columns={columns} rows={people} rowKey={(row) => row.id} />);
    const table = screen.getByRole('table', { name: 'Orders' });
    expect(table).not.toHaveAttribute('role');
    expect(within(table).getAllByRole('cell')[1]).toHaveTextContent(/^Ann$/);
  });
});
