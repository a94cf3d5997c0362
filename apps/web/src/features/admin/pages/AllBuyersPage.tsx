import { messages, type AdminUserRow } from '@furniture-mart/shared';
import { Alert } from '../../../components/ui/Alert';
import { DataTable, type Column } from '../../../components/ui/DataTable';
import { Pagination } from '../../../components/ui/Pagination';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { useRemoveUser, useUsers } from '../api';
import { AdminPageHeader } from '../components/AdminPageHeader';
import { useClampPage } from '../components/useClampPage';
import { SearchBox } from '../components/SearchBox';
import { useConfirmedAction } from '../confirmedAction';
import { formatDate } from '../format';
import { useListParams } from '../listParams';
import { errorMessage } from '../../../lib/api';
import { formatNumber, t } from '@furniture-mart/shared';

export function AllBuyersPage() {
  const { page, q, setPage, setQuery } = useListParams();
  const buyers = useUsers('buyer', { page, q });
  const removeUser = useRemoveUser();
  const [run, dialog] = useConfirmedAction();
  useClampPage(buyers.data, setPage);

  const remove = (buyer: AdminUserRow) =>
    run(
      {
        title: messages.confirmDeleteUser,
        message: t('buyers.deleteExplained', { name: buyer.name, email: buyer.email }),
        confirmLabel: t('admin.delete'),
        destructive: true,
      },
      () => removeUser.mutateAsync(buyer.id),
      messages.userDeleted,
    );

  const offset = ((buyers.data?.page ?? page) - 1) * (buyers.data?.pageSize ?? 0);
  const columns: Column<AdminUserRow>[] = [
    { header: '#', cell: (_row, index) => formatNumber(offset + index + 1), className: 'w-12 tabular-nums' },
    {
      header: t('booking.name'),
      cell: (row) => <span className="block min-w-32 font-medium">{row.name}</span>,
    },
    { header: t('booking.email'), cell: (row) => <span className="whitespace-nowrap">{row.email}</span> },
    {
      header: t('admin.joined'),
      cell: (row) => <span className="whitespace-nowrap">{formatDate(row.createdAt)}</span>,
    },
    { header: t('buyers.orders'), cell: (row) => formatNumber(row.orders), className: 'tabular-nums' },
    {
      header: t('admin.action'),
      cell: (row) => {
        const busy = removeUser.isPending && removeUser.variables === row.id;
        return (
          <SubmitButton
            type="button"
            pending={busy}
            spinnerSize="xs"
            className="btn-error btn-outline btn-sm"
            aria-label={t('admin.deleteName', { name: row.name })}
            onClick={() => void remove(row)}
          >
            {t('admin.delete')}
          </SubmitButton>
        );
      },
    },
  ];

  return (
    <section className="space-y-6">
      <AdminPageHeader title={t('buyers.title')} description={t('buyers.description')} />
      <SearchBox value={q} label={t('buyers.search')} onSearch={setQuery} />
      <Alert tone="error" onRetry={() => void buyers.refetch()}>
        {buyers.isError ? errorMessage(buyers.error) : null}
      </Alert>
      <DataTable
        stackOnPhones
        caption={t('buyers.caption')}
        columns={columns}
        rows={buyers.data?.items ?? []}
        rowKey={(row) => row.id}
        isLoading={buyers.isPending}
      />
      {buyers.data ? (
        <Pagination
          page={buyers.data.page}
          pageSize={buyers.data.pageSize}
          total={buyers.data.total}
          noun={t('buyers.noun')}
          label={t('buyers.pages')}
          onPageChange={setPage}
        />
      ) : null}
      {dialog}
    </section>
  );
}
