import { Link } from 'react-router';
import { messages, reportReasonLabels, type ReportQueueRow } from '@furniture-mart/shared';
import { Alert } from '../../../components/ui/Alert';
import { MessageBubble } from '../../../components/ui/MessageBubble';
import { DataTable, type Column } from '../../../components/ui/DataTable';
import { VerifiedMark } from '../../../components/ui/VerifiedMark';
import { Pagination } from '../../../components/ui/Pagination';
import { useRemoveReport, useRemoveReportedItem, useRemoveReportedMessage, useReports } from '../api';
import { AdminPageHeader } from '../components/AdminPageHeader';
import { ReportedReviews } from '../components/ReportedReviews';
import { useClampPage } from '../components/useClampPage';
import { useConfirmedAction } from '../confirmedAction';
import { formatDate } from '../format';
import { useListParams } from '../listParams';
import { errorMessage } from '../../../lib/api';
import { formatNumber, t } from '@furniture-mart/shared';

/** What the report is about: the product's photo, title, seller and whether it is still for sale. */
function ProductCell({ row }: { row: ReportQueueRow }) {
  const { product } = row;
  return (
    <div className="flex min-w-0 items-start gap-3 text-left sm:min-w-48">
      {product.cover ? (
        <img
          src={product.cover.thumbUrl}
          width={product.cover.thumbWidth}
          height={product.cover.thumbHeight}
          alt=""
          loading="lazy"
          className="h-12 w-12 shrink-0 rounded-field object-cover"
        />
      ) : (
        <span className="h-12 w-12 shrink-0 rounded-field bg-base-200" aria-hidden="true" />
      )}
      <div className="flex min-w-0 flex-col items-start gap-1">
        {product.removed ? (
          <span className="font-medium">{product.title}</span>
        ) : (
          <Link to={`/categories/${product.categoryId}`} className="link link-primary font-medium">
            {product.title}
          </Link>
        )}
        <span className="flex items-center gap-1 text-sm text-base-content/75">
          {t('product.sellerLabel')} {product.seller.name}
          {product.seller.verified ? <VerifiedMark size="sm" /> : null}
        </span>
        <span className="flex flex-wrap gap-1">
          {product.removed ? (
            <span className="badge badge-ghost badge-sm">{t('reports.removed')}</span>
          ) : (
            <span
              className={`badge badge-soft badge-sm ${product.status === 'available' ? 'badge-success' : 'badge-neutral'}`}
            >
              {t(`productStatus.${product.status}`)}
            </span>
          )}
          {row.productOpenReports > 1 ? (
            <span className="badge badge-warning badge-soft badge-sm">
              {t('reports.openCount', { count: row.productOpenReports })}
            </span>
          ) : null}
        </span>
        {row.reporterOrder ? (
          <Link to={`/dashboard/orders/${row.reporterOrder.id}`} className="link link-primary text-sm">
            {t('condition.asBookedLink')}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

type ReportedMessage = NonNullable<ReportQueueRow['message']>;

/**
 * A reported message as the administrator judges it: the message, who sent it, and the conversation
 * around it (the sender's messages on the right, the other person's on the left).
 */
function MessageCell({ message, details }: { message: ReportedMessage; details: string | null }) {
  const reported = message.around.find((item) => item.id === message.id);
  const authorOf = (senderId: string) =>
    senderId === message.sender.id ? message.sender.name : t('chat.adminOtherPerson');
  return (
    <div className="min-w-44 max-w-52 space-y-2 text-left text-sm" data-testid="reported-message">
      <p className="text-sm font-semibold">{t('chat.adminMessage')}</p>
      <p className="break-all text-base-content/75">
        {t('chat.adminSender', { name: message.sender.name, email: message.sender.email })}
        {message.sender.removed ? ` · ${t('chat.adminSenderRemoved')}` : null}
      </p>
      {reported ? (
        <MessageBubble message={reported} own={false} author={message.sender.name} highlighted />
      ) : null}
      {details ? <p className="whitespace-pre-line break-words text-sm">{details}</p> : null}
      {message.around.length > 1 ? (
        <details className="rounded-field border border-base-300 bg-base-200/50">
          <summary className="cursor-pointer px-3 py-2 text-sm font-medium">
            {t('chat.adminAround', { count: message.around.length })}
          </summary>
          <ol className="max-h-96 space-y-1 overflow-y-auto px-2 pb-2">
            {message.around.map((item) => (
              <li key={item.id}>
                <MessageBubble
                  message={item}
                  own={item.senderId === message.sender.id}
                  author={authorOf(item.senderId)}
                  highlighted={item.id === message.id}
                />
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </div>
  );
}

export function ReportedItemsPage() {
  const { page, setPage } = useListParams();
  const reports = useReports(page);
  const removeReport = useRemoveReport();
  const removeItem = useRemoveReportedItem();
  const removeMessage = useRemoveReportedMessage();
  const [run, dialog] = useConfirmedAction();
  useClampPage(reports.data, setPage);

  const dismiss = (row: ReportQueueRow) =>
    run(
      {
        title: messages.confirmDeleteReport,
        message: t('reports.dismissExplained', { reporter: row.reporter.name, title: row.product.title }),
        confirmLabel: t('reports.deleteReport'),
        destructive: true,
      },
      () => removeReport.mutateAsync(row.id),
      messages.reportDeleted,
    );

  const takeDown = (row: ReportQueueRow) =>
    run(
      {
        title: messages.confirmDeleteReportedItem,
        message: t('reports.takeDownExplained', { title: row.product.title }),
        confirmLabel: t('reports.deleteItem'),
        destructive: true,
      },
      () => removeItem.mutateAsync(row.id),
      messages.reportedItemDeleted,
    );

  const removeTheMessage = (row: ReportQueueRow, message: ReportedMessage) =>
    run(
      {
        title: t('chat.adminRemoveTitle'),
        message: t('chat.adminRemoveExplained', { name: message.sender.name }),
        confirmLabel: t('chat.adminRemove'),
        destructive: true,
      },
      () => removeMessage.mutateAsync(row.id),
      t('chat.adminRemoved'),
    );

  const offset = ((reports.data?.page ?? page) - 1) * (reports.data?.pageSize ?? 0);
  const columns: Column<ReportQueueRow>[] = [
    {
      header: '#',
      cell: (_row, index) => formatNumber(offset + index + 1),
      className: 'w-12 tabular-nums align-top',
    },
    { header: t('booking.product'), cell: (row) => <ProductCell row={row} />, className: 'align-top' },
    {
      header: t('report.reason'),
      cell: (row) => <span className="block min-w-20">{reportReasonLabels[row.reason]}</span>,
      className: 'align-top',
    },
    {
      header: t('product.details'),
      cell: (row) =>
        row.message ? (
          <MessageCell message={row.message} details={row.details} />
        ) : row.details ? (
          <p className="min-w-40 max-w-52 whitespace-pre-line break-words">{row.details}</p>
        ) : (
          <span className="text-base-content/60">{t('reports.noneGiven')}</span>
        ),
      className: 'align-top',
    },
    { header: t('reports.reporter'), cell: (row) => row.reporter.name, className: 'align-top' },
    {
      header: t('reports.reportedOn'),
      cell: (row) => <span className="whitespace-nowrap">{formatDate(row.createdAt)}</span>,
      className: 'align-top',
    },
    {
      header: t('reports.actions'),
      cell: (row) => {
        const busy =
          (removeReport.isPending && removeReport.variables === row.id) ||
          (removeItem.isPending && removeItem.variables === row.id) ||
          (removeMessage.isPending && removeMessage.variables === row.id);
        const { message } = row;
        return (
          <div className="flex flex-col items-stretch gap-2">
            <button
              type="button"
              className="btn btn-outline btn-sm whitespace-nowrap"
              aria-label={t('reports.deleteReportLabel', {
                reporter: row.reporter.name,
                title: row.product.title,
              })}
              onClick={() => void dismiss(row)}
              disabled={busy}
            >
              {t('reports.deleteReport')}
            </button>
            {message ? (
              message.removed ? (
                <span className="badge badge-ghost">{t('chat.adminAlreadyRemoved')}</span>
              ) : (
                <button
                  type="button"
                  className="btn btn-error btn-sm whitespace-nowrap"
                  aria-label={t('chat.adminRemoveLabel', {
                    name: message.sender.name,
                    reporter: row.reporter.name,
                  })}
                  onClick={() => void removeTheMessage(row, message)}
                  disabled={busy}
                >
                  {t('chat.adminRemove')}
                </button>
              )
            ) : (
              <button
                type="button"
                className="btn btn-error btn-sm whitespace-nowrap"
                aria-label={t('reports.deleteItemLabel', { title: row.product.title })}
                onClick={() => void takeDown(row)}
                disabled={busy}
              >
                {t('reports.deleteItem')}
              </button>
            )}
          </div>
        );
      },
      className: 'align-top',
    },
  ];

  return (
    <section className="space-y-6">
      <AdminPageHeader title={t('reports.title')} description={t('reports.description')} />
      <Alert tone="error" onRetry={() => void reports.refetch()}>
        {reports.isError ? errorMessage(reports.error) : null}
      </Alert>
      <DataTable
        stackOnPhones
        caption={t('reports.caption')}
        columns={columns}
        rows={reports.data?.items ?? []}
        rowKey={(row) => row.id}
        isLoading={reports.isPending}
      />
      {reports.data ? (
        <Pagination
          page={reports.data.page}
          pageSize={reports.data.pageSize}
          total={reports.data.total}
          noun={t('reports.noun')}
          label={t('reports.pages')}
          onPageChange={setPage}
        />
      ) : null}
      <ReportedReviews />
      {dialog}
    </section>
  );
}
