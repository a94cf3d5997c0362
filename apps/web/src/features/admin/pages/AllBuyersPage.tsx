import { messages, type AdminUserRow } from '@furniture-mart/shared';
import { DataTable, type Column } from '../../../components/DataTable';
import { useRemoveUser, useUsers } from '../api';
import { AdminPageHeader } from '../components/AdminPageHeader';
import { ListError, useClampPage } from '../components/ListState';
import { Pagination } from '../components/Pagination';
import { RowActionButton } from '../components/RowActionButton';
import { SearchBox } from '../components/SearchBox';
import { useConfirmedAction } from '../confirmedAction';
import { formatDate } from '../format';
import { useListParams } from '../listParams';

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
          <RowActionButton
            label="Delete"
            name={row.name}
            busy={busy}
            danger
            onClick={() => void remove(row)}
          />
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
      {buyers.isError ? <ListError error={buyers.error} onRetry={() => void buyers.refetch()} /> : null}
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
          onPageChange={setPage}
        />
      ) : null}
      {dialog}
    </section>
  );
}
