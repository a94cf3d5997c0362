import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { catalogueMessages, type Notice, type Page } from '@furniture-mart/shared';
import { PostDate } from '../../../components/PostDate';
import { Alert } from '../../../components/ui/Alert';
import { api, errorMessage } from '../../../lib/api';
import { sharedKeys } from '../../../lib/queryKeys';
import { t } from '@furniture-mart/shared';

const SHOWN = 5;

/** News about a buyer's favourites: a price drop, a sale, a removal; newest first. */
export function NoticesPanel() {
  const notices = useQuery({
    queryKey: [...sharedKeys.favourites, 'notices', SHOWN],
    queryFn: ({ signal }) => api.get<Page<Notice>>(`/api/my/notices?pageSize=${SHOWN}`, signal),
  });
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="notices-heading">
      <div className="card-body gap-3">
        <h2 id="notices-heading" className="card-title text-base">
          {t('notices.heading')}
        </h2>
        {notices.error ? (
          <Alert tone="error" onRetry={() => void notices.refetch()}>
            {errorMessage(notices.error)}
          </Alert>
        ) : null}
        {notices.data && notices.data.items.length === 0 ? (
          <p className="text-sm text-base-content/70">{catalogueMessages.noNotices}</p>
        ) : null}
        {notices.data && notices.data.items.length > 0 ? (
          <ul className="divide-y divide-base-300" data-testid="notices">
            {notices.data.items.map((notice) => (
              <li key={notice.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
                <span>
                  {notice.kind === 'removed' ? (
                    notice.message
                  ) : (
                    <Link to={`/products/${notice.productId}`} className="link link-hover">
                      {notice.message}
                    </Link>
                  )}
                </span>
                <span className="text-xs text-base-content/70">
                  <PostDate date={notice.createdAt} />
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        <Link to="/dashboard/favourites" className="link link-primary w-fit text-sm">
          {t('notices.seeAll')}
        </Link>
      </div>
    </section>
  );
}
