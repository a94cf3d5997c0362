import { Link } from 'react-router';
import { messages } from '@furniture-mart/shared';
import { Alert } from '../../../components/ui/Alert';
import { errorMessage } from '../../../lib/api';
import { useCategories } from '../api';
import { categoryName, t } from '@furniture-mart/shared';

// 4 columns on large screens, 2 on medium, 1 on phones.
const gridClass = 'grid grid-cols-1 gap-5 md:grid-cols-2 lg:grid-cols-4';
/** The first row on a wide screen, which is in view when the page opens there. */
const FIRST_ROW = 4;

export function CategoryGrid() {
  const categories = useCategories();

  if (categories.isPending) {
    return (
      <div className={gridClass} role="status" aria-label={t('home.loadingCategories')}>
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className="skeleton aspect-[4/3] w-full" />
        ))}
      </div>
    );
  }
  if (categories.isError) {
    return (
      <Alert tone="error" onRetry={() => void categories.refetch()}>
        {errorMessage(categories.error)}
      </Alert>
    );
  }
  if (categories.data.length === 0) {
    return <p className="text-base-content/75">{messages.noData}</p>;
  }

  return (
    <ul className={gridClass}>
      {categories.data.map((category, index) => (
        <li key={category.id}>
          <Link
            to={`/categories/${category.id}`}
            className="group card h-full overflow-hidden border border-base-300 bg-base-100 shadow-sm transition hover:-translate-y-1 hover:shadow-lg"
          >
            <figure className="aspect-[4/3] bg-base-200">
              <img
                src={category.thumbnailUrl}
                alt=""
                loading={index < FIRST_ROW ? 'eager' : 'lazy'}
                decoding="async"
                className="h-full w-full object-cover transition duration-300 group-hover:scale-105"
              />
            </figure>
            <span className="card-body flex-row items-center justify-between p-4">
              <span className="card-title text-lg">{categoryName(category.slug, category.title)}</span>
              <span aria-hidden="true" className="text-primary transition group-hover:translate-x-1">
                →
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
