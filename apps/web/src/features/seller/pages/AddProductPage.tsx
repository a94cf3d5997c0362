import { DocumentTitle } from '../../../components/DocumentTitle';
import { ProductForm } from '../components/ProductForm';

export function AddProductPage() {
  return (
    <section className="max-w-4xl space-y-6">
      <DocumentTitle title="Add A Product" />
      <header className="space-y-2">
        <h1 className="font-display text-3xl font-bold text-base-content sm:text-4xl">Add A Product</h1>
        <p className="max-w-2xl text-base-content/80">
          Describe a piece of furniture, add photos and set your price to put it on sale.
        </p>
      </header>
      <div className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
        <ProductForm />
      </div>
    </section>
  );
}
