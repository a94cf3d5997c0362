import { PagePlaceholder } from '../../../components/PagePlaceholder';

export function ReportedItemsPage() {
  return (
    <PagePlaceholder
      title="Reported Items"
      description="Products buyers reported: dismiss a report or remove the reported item."
    />
  );
}
