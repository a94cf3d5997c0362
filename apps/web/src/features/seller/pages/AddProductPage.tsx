import { DocumentTitle } from '../../../components/DocumentTitle';
import { ProductForm } from '../components/ProductForm';
import { t } from '@furniture-mart/shared';

export function AddProductPage() {
  return (
    <section className="max-w-4xl space-y-6">
      <DocumentTitle title={t('menu.addProduct')} />
      <header className="space-y-2">
        <h1 className="font-display text-3xl font-bold text-base-content sm:text-4xl">
          {t('menu.addProduct')}
        </h1>
        <p className="max-w-2xl text-base-content/80">{t('addProduct.intro')}</p>
      </header>
      <div className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
        <ProductForm />
      </div>
    </section>
  );
}
