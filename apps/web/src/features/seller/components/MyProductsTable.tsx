import { postDateLabel, type MyProduct } from '@furniture-mart/shared';
import { DataTable, type Column } from '../../../components/DataTable';
import { Price } from '../../../components/Price';
import { ProductBookingsButton } from '../../buyer/components/ProductBookingsButton';

interface MyProductsTableProps {
  rows: MyProduct[];
  /** Serial numbers continue across pages. */
  firstNumber: number;
  currency: string;
  isLoading: boolean;
  /** The product whose advertise or delete request is under way, if any. */
  busyId: string | null;
  onAdvertise: (product: MyProduct) => void;
  onDelete: (product: MyProduct) => void;
}

export function MyProductsTable({
  rows,
  firstNumber,
  currency,
  isLoading,
  busyId,
  onAdvertise,
  onDelete,
}: MyProductsTableProps) {
  // Tighter cells than the default so all eight columns fit beside the dashboard menu on a laptop.
  const cell = 'px-3';
  const columns: Column<MyProduct>[] = [
    { header: '#', cell: (_row, index) => firstNumber + index, className: `${cell} w-10 tabular-nums` },
    {
      header: 'Name',
      className: cell,
      cell: (row) => (
        <div className="flex min-w-40 items-center gap-3">
          {row.cover ? (
            <img
              src={row.cover.thumbUrl}
              width={row.cover.thumbWidth}
              height={row.cover.thumbHeight}
              alt=""
              loading="lazy"
              className="h-10 w-10 shrink-0 rounded-field object-cover"
            />
          ) : (
            <span className="h-10 w-10 shrink-0 rounded-field bg-base-200" aria-hidden="true" />
          )}
          <span className="font-medium">{row.title}</span>
        </div>
      ),
    },
    {
      header: 'Price',
      className: cell,
      cell: (row) => <Price cents={row.sellingPriceCents} currency={currency} />,
    },
    {
      header: 'Post date',
      className: cell,
      cell: (row) => (
        <time dateTime={row.postedAt} className="whitespace-nowrap">
          {postDateLabel(row.postedAt)}
        </time>
      ),
    },
    {
      header: 'Status',
      className: cell,
      cell: (row) => (
        <span
          className={`badge badge-soft ${row.status === 'available' ? 'badge-success' : 'badge-neutral'}`}
        >
          {row.status}
        </span>
      ),
    },
    {
      header: 'Advertise',
      className: cell,
      cell: (row) =>
        row.advertised ? (
          <span className="badge badge-accent">advertised</span>
        ) : row.status === 'available' ? (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => onAdvertise(row)}
            disabled={busyId === row.id}
            aria-label={`Advertise ${row.title}`}
          >
            {busyId === row.id ? (
              <span className="loading loading-spinner loading-xs" aria-hidden="true" />
            ) : null}
            Advertise
          </button>
        ) : (
          <span className="text-base-content/60" aria-label="Not available">
            —
          </span>
        ),
    },
    {
      header: 'Bookings',
      className: cell,
      cell: (row) => (
        <ProductBookingsButton productId={row.id} productTitle={row.title} openBookings={row.openBookings} />
      ),
    },
    {
      header: 'Action',
      className: cell,
      cell: (row) => (
        <button
          type="button"
          className="btn btn-error btn-outline btn-sm"
          onClick={() => onDelete(row)}
          disabled={busyId === row.id}
          aria-label={`Delete ${row.title}`}
        >
          Delete
        </button>
      ),
    },
  ];

  return (
    <DataTable
      stackOnPhones
      caption="My products"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      isLoading={isLoading}
    />
  );
}
