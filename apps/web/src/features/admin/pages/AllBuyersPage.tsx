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
        message: `${buyer.name} (${buyer.email}) will be signed out and can no longer sign in. Their open bookings are cancelled; paid orders stay on record.`,
        confirmLabel: 'Delete',
        destructive: true,
      },
      () => removeUser.mutateAsync(buyer.id),
      messages.userDeleted,
    );

  const offset = ((buyers.data?.page ?? page) - 1) * (buyers.data?.pageSize ?? 0);
  const columns: Column<AdminUserRow>[] = [
    { header: '#', cell: (_row, index) => offset + index + 1, className: 'w-12 tabular-nums' },
    { header: 'Name', cell: (row) => <span className="block min-w-32 font-medium">{row.name}</span> },
    { header: 'Email', cell: (row) => <span className="whitespace-nowrap">{row.email}</span> },
    {
      header: 'Joined',
      cell: (row) => <span className="whitespace-nowrap">{formatDate(row.createdAt)}</span>,
    },
    { header: 'Orders', cell: (row) => row.orders, className: 'tabular-nums' },
    {
      header: 'Action',
      cell: (row) => {
        const busy = removeUser.isPending && removeUser.variables === row.id;
        return (
          <SubmitButton
            type="button"
            pending={busy}
            spinnerSize="xs"
            className="btn-error btn-outline btn-sm"
            aria-label={`Delete ${row.name}`}
            onClick={() => void remove(row)}
          >
            Delete
          </SubmitButton>
        );
      },
    },
  ];

  return (
    <section className="space-y-6">
      <AdminPageHeader
        title="All Buyers"
        description="Every buyer account. Deleting one signs them out at once."
      />
      <SearchBox value={q} label="Search buyers by name or email" onSearch={setQuery} />
      <Alert tone="error" onRetry={() => void buyers.refetch()}>
        {buyers.isError ? errorMessage(buyers.error) : null}
      </Alert>
      <DataTable
        stackOnPhones
        caption="All buyers"
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
          noun="buyers"
          label="Pages of buyers"
          onPageChange={setPage}
        />
      ) : null}
      {dialog}
    </section>
  );
}
