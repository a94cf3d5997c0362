import { PagePlaceholder } from '../../../components/PagePlaceholder';

export function MyProductsPage() {
  return (
    <PagePlaceholder
      title="My Products"
      description="Your listings with their price, post date and status; advertise or delete them from here."
    />
  );
}
