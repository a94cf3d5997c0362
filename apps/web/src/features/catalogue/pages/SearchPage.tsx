import { PagePlaceholder } from '../../../components/PagePlaceholder';

export function SearchPage() {
  return (
    <div className="page-container">
      <PagePlaceholder
        title="Search"
        description="Search all available furniture by name, then narrow it down by category, price, condition and location."
      />
    </div>
  );
}
