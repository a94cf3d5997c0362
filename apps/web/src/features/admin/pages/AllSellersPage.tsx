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
import { formatNumber, t } from '@furniture-mart/shared';

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
        message: t('sellers.verifyExplained', { name: seller.name, email: seller.email }),
        confirmLabel: t('sellers.verify'),
      },
      () => verifySeller.mutateAsync(seller.id),
      messages.sellerVerified,
    );

  const remove = (seller: AdminUserRow) =>
    run(
      {
        title: messages.confirmDeleteSeller,
        message: t('sellers.deleteExplained', {
          name: seller.name,
          email: seller.email,
          products: seller.products,
        }),
        confirmLabel: t('admin.delete'),
        destructive: true,
      },
      () => removeUser.mutateAsync(seller.id),
      messages.sellerDeleted,
    );

  const offset = ((sellers.data?.page ?? page) - 1) * (sellers.data?.pageSize ?? 0);
  const columns: Column<AdminUserRow>[] = [
    { header: '#', cell: (_row, index) => formatNumber(offset + index + 1), className: 'w-12 tabular-nums' },
    {
      header: t('booking.name'),
      cell: (row) => <span className="block min-w-32 font-medium">{row.name}</span>,
    },
    { header: t('booking.email'), cell: (row) => <span className="whitespace-nowrap">{row.email}</span> },
    { header: t('sellers.products'), cell: (row) => formatNumber(row.products), className: 'tabular-nums' },
    {
      header: t('sellers.verify'),
      cell: (row) => {
        if (row.verified) return <VerifiedMark variant="badge" />;
        const busy = verifySeller.isPending && verifySeller.variables === row.id;
        return (
          <SubmitButton
            type="button"
            pending={busy}
            spinnerSize="xs"
            className="btn-primary btn-sm"
            aria-label={t('sellers.verifyName', { name: row.name })}
            onClick={() => void verify(row)}
          >
            {t('sellers.verify')}
          </SubmitButton>
        );
      },
    },
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
      <AdminPageHeader title={t('sellers.title')} description={t('sellers.description')} />
      <SearchBox value={q} label={t('sellers.search')} onSearch={setQuery} />
      <Alert tone="error" onRetry={() => void sellers.refetch()}>
        {sellers.isError ? errorMessage(sellers.error) : null}
      </Alert>
      <DataTable
        stackOnPhones
        caption={t('sellers.caption')}
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
          noun={t('sellers.noun')}
          label={t('sellers.pages')}
          onPageChange={setPage}
        />
      ) : null}
      {dialog}
    </section>
  );
}
