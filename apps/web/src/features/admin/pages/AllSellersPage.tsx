import { messages, type AdminUserRow } from '@furniture-mart/shared';
import { Alert } from '../../../components/ui/Alert';
import { DataTable, type Column } from '../../../components/ui/DataTable';
import { Pagination } from '../../../components/ui/Pagination';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { VerifiedMark } from '../../../components/ui/VerifiedMark';
import { useRemoveUser, useUsers, useVerifySeller } from '../api';
import { AdminPageHeader } from '../components/AdminPageHeader';
import { useClampPage } from '../components/useClampPage';
import { SearchBox } from '../components/SearchBox';
import { useConfirmedAction } from '../confirmedAction';
import { useListParams } from '../listParams';
import { errorMessage } from '../../../lib/api';

export function AllSellersPage() {
  const { page, q, setPage, setQuery } = useListParams();
  const sellers = useUsers('seller', { page, q });
  const verifySeller = useVerifySeller();
  const removeUser = useRemoveUser();
  const [run, dialog] = useConfirmedAction();
  useClampPage(sellers.data, setPage);

  const verify = (seller: AdminUserRow) =>
    run(
      {
        title: messages.confirmVerifySeller,
        message: `${seller.name} (${seller.email}) will show the verified mark on every product card.`,
        confirmLabel: 'Verify',
      },
      () => verifySeller.mutateAsync(seller.id),
      messages.sellerVerified,
    );

  const remove = (seller: AdminUserRow) =>
    run(
      {
        title: messages.confirmDeleteSeller,
        message: `${seller.name} (${seller.email}) will be signed out and all of their ${seller.products} products leave the marketplace. Open bookings are cancelled; paid orders stay on record.`,
        confirmLabel: 'Delete',
        destructive: true,
      },
      () => removeUser.mutateAsync(seller.id),
      messages.sellerDeleted,
    );

  const offset = ((sellers.data?.page ?? page) - 1) * (sellers.data?.pageSize ?? 0);
  const columns: Column<AdminUserRow>[] = [
    { header: '#', cell: (_row, index) => offset + index + 1, className: 'w-12 tabular-nums' },
    { header: 'Name', cell: (row) => <span className="block min-w-32 font-medium">{row.name}</span> },
    { header: 'Email', cell: (row) => <span className="whitespace-nowrap">{row.email}</span> },
    { header: 'Products', cell: (row) => row.products, className: 'tabular-nums' },
    {
      header: 'Verify',
      cell: (row) => {
        if (row.verified) return <VerifiedMark variant="badge" />;
        const busy = verifySeller.isPending && verifySeller.variables === row.id;
        return (
          <SubmitButton
            type="button"
            pending={busy}
            spinnerSize="xs"
            className="btn-primary btn-sm"
            aria-label={`Verify ${row.name}`}
            onClick={() => void verify(row)}
          >
            Verify
          </SubmitButton>
        );
      },
    },
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
        title="All Sellers"
        description="Every seller account. Verify trusted sellers, or delete a seller together with their products."
      />
      <SearchBox value={q} label="Search sellers by name or email" onSearch={setQuery} />
      <Alert tone="error" onRetry={() => void sellers.refetch()}>
        {sellers.isError ? errorMessage(sellers.error) : null}
      </Alert>
      <DataTable
        stackOnPhones
        caption="All sellers"
        columns={columns}
        rows={sellers.data?.items ?? []}
        rowKey={(row) => row.id}
        isLoading={sellers.isPending}
      />
      {sellers.data ? (
        <Pagination
          page={sellers.data.page}
          pageSize={sellers.data.pageSize}
          total={sellers.data.total}
          noun="sellers"
          label="Pages of sellers"
          onPageChange={setPage}
        />
      ) : null}
      {dialog}
    </section>
  );
}
