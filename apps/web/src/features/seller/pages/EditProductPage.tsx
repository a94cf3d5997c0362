import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { sellerMessages, catalogueMessages } from '@furniture-mart/shared';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { Alert } from '../../../components/ui/Alert';
import { Spinner } from '../../../components/ui/Spinner';
import { errorMessage, isApiError } from '../../../lib/api';
import { editableProductQuery } from '../api';
import { ProductForm } from '../components/ProductForm';
import { priceDropShownDays, t } from '@furniture-mart/shared';
import { MessageWith } from '../../../components/MessageWith';

/** Edit a listing while it is available: the Add A Product form, filled in. */
export function EditProductPage() {
  const { id = '' } = useParams();
  const product = useQuery(editableProductQuery(id));
  const data = product.data;
  // Someone else's product reads as missing, as the server answers.
  const missing =
    (isApiError(product.error) && (product.error.status === 404 || product.error.status === 400)) ||
    (data !== undefined && !data.viewer.own);

  return (
    <section className="max-w-4xl space-y-6">
      <DocumentTitle
        title={
          data && !missing ? t('myProducts.editName', { title: data.title }) : t('productPage.editListing')
        }
      />
      <header className="space-y-2">
        <h1 className="font-display text-3xl font-bold text-base-content sm:text-4xl">
          {t('productPage.editListing')}
        </h1>
        {data && !missing ? (
          <p className="max-w-2xl text-base-content/80">
            <MessageWith
              message={(title) => t('editProduct.changing', { title, days: priceDropShownDays })}
              slot={
                <Link to={`/products/${data.id}`} className="link link-primary">
                  {data.title}
                </Link>
              }
            />
          </p>
        ) : null}
      </header>
      {product.isPending ? <Spinner label={t('editProduct.loading')} /> : null}
      {missing ? (
        <Alert
          tone="error"
          action={
            <Link to="/dashboard/myProducts" className="btn btn-sm">
              {t('menu.myProducts')}
            </Link>
          }
        >
          {catalogueMessages.productNotFound}
        </Alert>
      ) : product.error ? (
        <Alert tone="error" onRetry={() => void product.refetch()}>
          {errorMessage(product.error)}
        </Alert>
      ) : null}
      {data && !missing && data.status === 'sold' ? (
        <Alert tone="warning">{sellerMessages.editSold}</Alert>
      ) : null}
      {data && !missing && data.status === 'being_paid' ? (
        <Alert tone="warning">{sellerMessages.editBeingPaid}</Alert>
      ) : null}
      {data && !missing && data.status !== 'sold' ? (
        <div className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
          {/* Keyed so a refetch with other values starts a fresh form rather than mixing the two. */}
          <ProductForm key={data.id} editing={data} />
        </div>
      ) : null}
    </section>
  );
}
