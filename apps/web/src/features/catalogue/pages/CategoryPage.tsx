import { Link, useParams } from 'react-router';
import { PagePlaceholder } from '../../../components/PagePlaceholder';
import { useCategories } from '../api';

export function CategoryPage() {
  const { id = '' } = useParams();
  const categories = useCategories();
  // Links use either the id or the readable slug.
  const category = categories.data?.find((candidate) => candidate.id === id || candidate.slug === id);

  return (
    <div className="page-container space-y-4">
      <nav aria-label="Breadcrumb" className="breadcrumbs text-sm">
        <ul>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li aria-current="page">{category?.title ?? 'Category'}</li>
        </ul>
      </nav>
      <PagePlaceholder
        title={category?.title ?? 'Category'}
        description="Every available piece in this category, with filters for price, condition and location."
      />
    </div>
  );
}
