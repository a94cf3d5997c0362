import { PagePlaceholder } from '../../../components/PagePlaceholder';

export function AddProductPage() {
  return (
    <PagePlaceholder
      title="Add A Product"
      description="Describe a piece of furniture, add photos and set your price to put it on sale."
    />
  );
}
