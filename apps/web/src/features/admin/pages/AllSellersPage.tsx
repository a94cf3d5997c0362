import { PagePlaceholder } from '../../../components/PagePlaceholder';

export function AllSellersPage() {
  return <PagePlaceholder title="All Sellers" description="Every seller account: verify sellers or remove them with their products." />;
}
