import { Link } from 'react-router';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { VerifiedMark } from '../../../components/ui/VerifiedMark';
import { useAuth } from '../../../lib/session';
import { dashboardMenu, roleLabels } from '../menu';
import { NoticesPanel } from '../components/NoticesPanel';
import { OverviewPanel } from '../components/OverviewPanel';
import { t } from '@furniture-mart/shared';
import { MessageWith } from '../../../components/MessageWith';

export function DashboardHomePage() {
  const auth = useAuth();
  // The dashboard's guard only renders this page for a signed-in person.
  if (auth.status !== 'signedIn') return null;
  const { user } = auth.me;

  return (
    <section className="space-y-6">
      <DocumentTitle title={t('nav.dashboard')} />
      <header className="space-y-2">
        <h1 className="font-display text-3xl font-bold sm:text-4xl">
          {t('dashboard.welcome', { name: user.name })}
        </h1>
        <p className="flex flex-wrap items-center gap-2 text-base-content/80">
          <MessageWith
            message={(role) => t('dashboard.signedInAs', { role })}
            slot={
              <span className="badge badge-primary badge-soft font-semibold">{roleLabels[user.role]}</span>
            }
          />
          {user.role === 'seller' && user.verified ? (
            <VerifiedMark variant="badge" label={t('dashboard.verifiedSeller')} />
          ) : null}
        </p>
      </header>
      <OverviewPanel />
      {user.role === 'buyer' ? <NoticesPanel /> : null}
      <ul className="grid gap-4 sm:grid-cols-2">
        {dashboardMenu[user.role].map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className="card h-full border border-base-300 bg-base-100 transition hover:-translate-y-0.5 hover:border-primary hover:shadow-md"
            >
              <span className="card-body gap-1">
                <span className="card-title text-lg">{item.label}</span>
                <span className="text-base-content/75">{item.description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
