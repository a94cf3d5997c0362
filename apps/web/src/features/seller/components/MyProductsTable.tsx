import { Link } from 'react-router';
import { postDateLabel, type MyProduct } from '@furniture-mart/shared';
import { DataTable, type Column } from '../../../components/ui/DataTable';
import { Price } from '../../../components/ui/Price';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { ProductBookingsButton } from './ProductBookingsButton';
import { formatNumber, t } from '@furniture-mart/shared';

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
  // Tighter cells than the default, and the row's two actions one above the other, so all eight
  // columns fit beside the dashboard menu on a 1280 px laptop (56rem of table) in either language.
  const cell = 'px-2';
  // Where the table is narrower than that (phones, tablets and small laptops beside the menu), each
  // product is one compact row: the name cell carries the price, status and actions, and the other
  // columns hide. Below this width the eight columns would push Delete out of sight.
  const wide = `${cell} hidden @4xl:table-cell`;

  const status = (row: MyProduct) => (
    <span
      className={`badge badge-soft whitespace-nowrap ${row.status === 'available' ? 'badge-success' : 'badge-neutral'}`}
    >
      {t(`myProducts.status.${row.status}`)}
    </span>
  );
  const postDate = (row: MyProduct) => (
    <time dateTime={row.postedAt} className="whitespace-nowrap">
      {postDateLabel(row.postedAt)}
    </time>
  );
  const advertise = (row: MyProduct) =>
    row.advertised ? (
      <span className="badge badge-accent whitespace-nowrap">{t('myProducts.advertised')}</span>
    ) : row.status === 'available' ? (
      <SubmitButton
        type="button"
        pending={busyId === row.id}
        spinnerSize="xs"
        className="btn-primary btn-sm whitespace-nowrap"
        onClick={() => onAdvertise(row)}
        aria-label={t('myProducts.advertiseName', { title: row.title })}
      >
        {t('myProducts.advertise')}
      </SubmitButton>
    ) : (
      <span className="text-base-content/60" aria-label={t('myProducts.notAvailable')}>
        —
      </span>
    );
  const bookings = (row: MyProduct) => (
    <ProductBookingsButton
      productId={row.id}
      productTitle={row.title}
      openBookings={row.openBookings}
      paidBookings={row.paidBookings}
    />
  );
  // A listing can be changed while it is on sale; the edit page refuses the rest with its reason.
  const editLink = (row: MyProduct) =>
    row.status === 'available' ? (
      <Link
        to={`/dashboard/products/${row.id}/edit`}
        className="btn btn-outline btn-sm"
        aria-label={t('myProducts.editName', { title: row.title })}
      >
        {t('myProducts.edit')}
      </Link>
    ) : null;
  const deleteButton = (row: MyProduct) => (
    <button
      type="button"
      className="btn btn-error btn-outline btn-sm"
      onClick={() => onDelete(row)}
      disabled={busyId === row.id}
      aria-label={t('admin.deleteName', { name: row.title })}
    >
      {t('admin.delete')}
    </button>
  );

  const columns: Column<MyProduct>[] = [
    {
      header: '#',
      cell: (_row, index) => formatNumber(firstNumber + index),
      className: `${wide} w-10 tabular-nums`,
    },
    {
      header: t('booking.name'),
      className: cell,
      cell: (row) => (
        <div className="flex min-w-0 items-start gap-3 @4xl:min-w-40 @4xl:items-center">
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
          <div className="min-w-0 flex-1">
            <Link to={`/products/${row.id}`} className="link link-hover font-medium">
              {row.title}
            </Link>
            {row.needsMeasurements || row.needsEvidence || row.needsDistrict ? (
              <div className="mt-1 flex flex-wrap gap-1">
                {row.needsMeasurements ? (
                  <Link
                    to={`/dashboard/products/${row.id}/edit`}
                    className="badge badge-warning badge-soft hover:underline"
                    aria-label={t('myProducts.addMeasurementsName', { title: row.title })}
                  >
                    {t('myProducts.addMeasurements')}
                  </Link>
                ) : null}
                {row.needsEvidence ? (
                  <Link
                    to={`/dashboard/products/${row.id}/edit`}
                    className="badge badge-warning badge-soft hover:underline"
                    aria-label={t('myProducts.addEvidenceName', { title: row.title })}
                  >
                    {t('myProducts.addEvidence')}
                  </Link>
                ) : null}
                {row.needsDistrict ? (
                  <Link
                    to={`/dashboard/products/${row.id}/edit`}
                    className="badge badge-warning badge-soft hover:underline"
                    aria-label={t('places.addDistrictName', { title: row.title })}
                  >
                    {t('places.addDistrict')}
                  </Link>
                ) : null}
              </div>
            ) : null}
            <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm @4xl:hidden">
              <Price cents={row.sellingPriceCents} currency={currency} className="font-medium" />
              {status(row)}
              <span className="text-base-content/70">{postDate(row)}</span>
            </div>
            <div className="mt-2 flex flex-wrap items-center gap-2 @4xl:hidden">
              {advertise(row)}
              {bookings(row)}
              {editLink(row)}
              {deleteButton(row)}
            </div>
          </div>
        </div>
      ),
    },
    {
      header: t('booking.price'),
      className: wide,
      cell: (row) => <Price cents={row.sellingPriceCents} currency={currency} />,
    },
    { header: t('myProducts.postDate'), className: wide, cell: postDate },
    { header: t('orders.timeline'), className: wide, cell: status },
    { header: t('myProducts.advertise'), className: wide, cell: advertise },
    { header: t('sellerBookings.button'), className: wide, cell: bookings },
    {
      header: t('admin.action'),
      className: wide,
      cell: (row) => (
        <div className="flex flex-col items-stretch gap-1">
          {editLink(row)}
          {deleteButton(row)}
        </div>
      ),
    },
  ];

  return (
    <div className="@container">
      <DataTable
        caption={t('myProducts.caption')}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        isLoading={isLoading}
      />
    </div>
  );
}
