import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { notify } from '../../../components/ui/Toasts';
import { messages, type MyProduct } from '@furniture-mart/shared';
import { useConfirm } from '../../../components/ui/ConfirmDialog';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { Pagination } from '../../../components/ui/Pagination';
import { Alert } from '../../../components/ui/Alert';
import { errorMessage } from '../../../lib/api';
import { useConfig } from '../../../lib/session';
import { MY_PRODUCTS_PAGE_SIZE, useAdvertiseProduct, useDeleteProduct, useMyProducts } from '../api';
import { MyProductsTable } from '../components/MyProductsTable';
import { t } from '@furniture-mart/shared';

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export function MyProductsPage() {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params);
  const products = useMyProducts(page);
  const { data: config } = useConfig();
  const advertise = useAdvertiseProduct();
  const remove = useDeleteProduct();
  const [confirm, confirmElement] = useConfirm();
  const [busyId, setBusyId] = useState<string | null>(null);

  const goTo = (next: number) => {
    setParams(next > 1 ? { page: String(next) } : {});
  };

  const onAdvertise = async (product: MyProduct) => {
    setBusyId(product.id);
    try {
      await advertise.mutateAsync(product.id);
      notify.success(messages.productAdvertised);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusyId(null);
    }
  };

  const onDelete = async (product: MyProduct) => {
    const confirmed = await confirm({
      title: t('myProducts.deleteTitle'),
      message: messages.confirmDeleteProduct,
      confirmLabel: t('admin.delete'),
      destructive: true,
    });
    if (!confirmed) return;
    setBusyId(product.id);
    try {
      await remove.mutateAsync(product.id);
      notify.success(messages.productDeleted);
      // The last row of a later page is gone: show the page before it instead of an empty one.
      const data = products.data;
      if (data && data.items.length === 1 && page > 1) goTo(page - 1);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusyId(null);
    }
  };

  const data = products.data;
  return (
    <section className="space-y-6">
      <DocumentTitle title={t('menu.myProducts')} />
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-2">
          <h1 className="font-display text-3xl font-bold text-base-content sm:text-4xl">
            {t('menu.myProducts')}
          </h1>
          <p className="max-w-2xl text-base-content/80">{t('myProducts.intro')}</p>
        </div>
        <Link to="/dashboard/addProduct" className="btn btn-primary">
          {t('menu.addProduct')}
        </Link>
      </header>

      {products.isError && !data ? (
        <Alert tone="error" onRetry={() => void products.refetch()}>
          {errorMessage(products.error)}
        </Alert>
      ) : (
        <div className={`space-y-4 ${products.isPlaceholderData ? 'opacity-60' : ''}`}>
          {data?.items.some((item) => item.needsMeasurements) ? (
            <Alert tone="warning">{t('myProducts.needsMeasurements')}</Alert>
          ) : null}
          {data?.items.some((item) => item.needsEvidence) ? (
            <Alert tone="warning">{t('myProducts.needsEvidence')}</Alert>
          ) : null}
          {data?.items.some((item) => item.needsDistrict) ? (
            <Alert tone="warning">{t('places.needsDistrict')}</Alert>
          ) : null}
          <MyProductsTable
            rows={data?.items ?? []}
            firstNumber={(page - 1) * MY_PRODUCTS_PAGE_SIZE + 1}
            currency={config?.currency ?? 'USD'}
            isLoading={products.isPending}
            busyId={busyId}
            onAdvertise={(product) => void onAdvertise(product)}
            onDelete={(product) => void onDelete(product)}
          />
          {data ? (
            <Pagination
              page={page}
              pageSize={data.pageSize}
              total={data.total}
              onPageChange={goTo}
              label={t('myProducts.pages')}
            />
          ) : null}
        </div>
      )}
      {confirmElement}
    </section>
  );
}
