import { PagePlaceholder } from '../../../components/PagePlaceholder';

export function AllBuyersPage() {
  return <PagePlaceholder title="All Buyers" description="Every buyer account, with the option to remove one." />;
}
