import { auditActionLabels, type AuditRow } from '@furniture-mart/shared';
import { Alert } from '../../../components/ui/Alert';
import { DataTable, type Column } from '../../../components/ui/DataTable';
import { Pagination } from '../../../components/ui/Pagination';
import { useAudit } from '../api';
import { AdminPageHeader } from '../components/AdminPageHeader';
import { useClampPage } from '../components/useClampPage';
import { formatDateTime } from '../format';
import { useListParams } from '../listParams';
import { errorMessage } from '../../../lib/api';
import { formatNumber, isMessageKey, t, type MessageKey } from '@furniture-mart/shared';

export function ActivityPage() {
  const { page, setPage } = useListParams();
  const audit = useAudit(page);
  useClampPage(audit.data, setPage);

  const offset = ((audit.data?.page ?? page) - 1) * (audit.data?.pageSize ?? 0);
  const columns: Column<AuditRow>[] = [
    { header: '#', cell: (_row, index) => formatNumber(offset + index + 1), className: 'w-12 tabular-nums' },
    {
      header: t('activity.when'),
      cell: (row) => (
        <time dateTime={row.createdAt} className="whitespace-nowrap">
          {formatDateTime(row.createdAt)}
        </time>
      ),
    },
    {
      header: t('activity.admin'),
      cell: (row) => <span className="whitespace-nowrap">{row.actor.name}</span>,
    },
    {
      header: t('admin.action'),
      cell: (row) => <span className="whitespace-nowrap">{auditActionLabels[row.action]}</span>,
    },
    {
      header: t('activity.target'),
      cell: (row) => (
        // A target can be a long name with an email address: on phones it wraps anywhere inside the
        // card's width; from `sm` on, the column keeps room for it to read on few lines.
        <span className="flex min-w-0 flex-col">
          <span className="font-medium wrap-anywhere sm:min-w-64">{row.targetLabel}</span>
          <span className="text-xs text-base-content/70">
            {isMessageKey(`auditTarget.${row.targetType}`)
              ? t(`auditTarget.${row.targetType}` as MessageKey)
              : row.targetType}
          </span>
        </span>
      ),
    },
  ];

  return (
    <section className="space-y-6">
      <AdminPageHeader title={t('activity.title')} description={t('activity.description')} />
      <Alert tone="error" onRetry={() => void audit.refetch()}>
        {audit.isError ? errorMessage(audit.error) : null}
      </Alert>
      <DataTable
        stackOnPhones
        caption={t('activity.caption')}
        columns={columns}
        rows={audit.data?.items ?? []}
        rowKey={(row) => row.id}
        isLoading={audit.isPending}
      />
      {audit.data ? (
        <Pagination
          page={audit.data.page}
          pageSize={audit.data.pageSize}
          total={audit.data.total}
          noun={t('activity.noun')}
          label={t('activity.pages')}
          onPageChange={setPage}
        />
      ) : null}
    </section>
  );
}
