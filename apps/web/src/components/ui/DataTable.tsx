import type { Key, ReactNode } from 'react';
import { messages } from '@furniture-mart/shared';
import { Spinner } from './Spinner';

export interface Column<Row> {
  header: ReactNode;
  /** What the cell shows; `index` is the row's position, for serial-number columns. */
  cell: (row: Row, index: number) => ReactNode;
  /** Extra classes for both the header and the cells of this column. */
  className?: string;
}

interface DataTableProps<Row> {
  /** Names the table for screen readers and the scrollable region for keyboard users. */
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => Key;
  isLoading?: boolean;
  /** Show the caption visibly instead of only to assistive technology. */
  showCaption?: boolean;
  /**
   * On phones, show each row as a card of "header: value" lines instead of a table that scrolls
   * sideways with its last columns (often the actions) out of sight.
   */
  stackOnPhones?: boolean;
}

/**
 * Classes of the stacked phone layout. Displaying table parts as blocks can drop their table meaning for
 * assistive technology, so the stacked table also states its roles explicitly.
 */
const stacked = {
  table: 'max-sm:block',
  head: 'max-sm:sr-only',
  body: 'max-sm:block',
  row: 'max-sm:block max-sm:px-4 max-sm:py-3',
  // The loading and empty rows span every column; stacked, they are one block of the row's width.
  wholeRow: 'max-sm:block',
  cell: 'max-sm:flex max-sm:w-auto max-sm:min-h-9 max-sm:items-center max-sm:justify-between max-sm:gap-4 max-sm:px-0 max-sm:py-1 max-sm:text-right max-sm:*:min-w-0 max-sm:*:whitespace-normal max-sm:*:wrap-anywhere',
} as const;

/**
 * Rows under column headers, scrolling sideways inside its own box; with `stackOnPhones` each row
 * becomes a card of "header: value" lines below the `sm` width, so nothing is out of reach at 320 px.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  isLoading = false,
  showCaption = false,
  stackOnPhones = false,
}: DataTableProps<Row>) {
  const stack = (part: keyof typeof stacked) => (stackOnPhones ? stacked[part] : '');
  const role = (name: string) => (stackOnPhones ? name : undefined);
  return (
    // Wide tables scroll inside this box on phones instead of widening the page.
    <div
      className="overflow-x-auto rounded-box border border-base-300 bg-base-100"
      role="region"
      aria-label={caption}
      tabIndex={0}
    >
      <table className={`table ${stack('table')}`} role={role('table')}>
        <caption className={showCaption ? 'p-4 text-left text-lg font-semibold' : 'sr-only'}>
          {caption}
        </caption>
        <thead className={stack('head')} role={role('rowgroup')}>
          <tr className="bg-base-200 text-base-content" role={role('row')}>
            {columns.map((column, index) => (
              <th key={index} scope="col" className={column.className} role={role('columnheader')}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={stack('body')} role={role('rowgroup')}>
          {isLoading ? (
            <tr className={stack('row')} role={role('row')}>
              <td
                colSpan={columns.length}
                className={`py-10 text-center ${stack('wholeRow')}`}
                role={role('cell')}
              >
                <Spinner />
              </td>
            </tr>
          ) : rows.length === 0 ? (
            <tr className={stack('row')} role={role('row')}>
              <td
                colSpan={columns.length}
                className={`py-10 text-center text-base-content/70 ${stack('wholeRow')}`}
                role={role('cell')}
              >
                {messages.noData}
              </td>
            </tr>
          ) : (
            rows.map((row, rowIndex) => (
              <tr key={rowKey(row)} className={`hover:bg-base-200/60 ${stack('row')}`} role={role('row')}>
                {columns.map((column, columnIndex) => (
                  <td
                    key={columnIndex}
                    className={`${column.className ?? ''} ${stack('cell')}`}
                    role={role('cell')}
                  >
                    {stackOnPhones ? (
                      // The header is read with the cell already; this repeats it for the eye only.
                      <span
                        aria-hidden="true"
                        className="shrink-0 text-left font-medium text-base-content/70 sm:hidden"
                      >
                        {column.header}
                      </span>
                    ) : null}
                    {column.cell(row, rowIndex)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
