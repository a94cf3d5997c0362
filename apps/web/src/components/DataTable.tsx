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
}

export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  isLoading = false,
  showCaption = false,
}: DataTableProps<Row>) {
  return (
    // Wide tables scroll inside this box on phones instead of widening the page.
    <div
      className="overflow-x-auto rounded-box border border-base-300 bg-base-100"
      role="region"
      aria-label={caption}
      tabIndex={0}
    >
      <table className="table">
        <caption className={showCaption ? 'p-4 text-left text-lg font-semibold' : 'sr-only'}>
          {caption}
        </caption>
        <thead>
          <tr className="bg-base-200 text-base-content">
            {columns.map((column, index) => (
              <th key={index} scope="col" className={column.className}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {isLoading ? (
            <tr>
              <td colSpan={columns.length} className="py-10 text-center">
                <Spinner />
              </td>
            </tr>
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="py-10 text-center text-base-content/70">
                {messages.noData}
              </td>
            </tr>
          ) : (
            rows.map((row, rowIndex) => (
              <tr key={rowKey(row)} className="hover:bg-base-200/60">
                {columns.map((column, columnIndex) => (
                  <td key={columnIndex} className={column.className}>
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
