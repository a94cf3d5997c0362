import { Link, NavLink, useLocation } from 'react-router';
import type { Role } from '@furniture-mart/shared';
import { dashboardMenu, isActiveUnder } from '../menu';
import { overviewMessages, t } from '@furniture-mart/shared';

function itemClass(isActive: boolean) {
  // On phones the items read as separate buttons (outlined); in the side menu they are plain rows.
  return `block whitespace-nowrap rounded-field border px-4 py-2.5 font-medium transition-colors ${
    isActive
      ? 'border-primary bg-primary text-primary-content shadow-sm'
      : 'border-base-300 bg-base-100 text-base-content hover:bg-base-200 md:border-transparent md:bg-transparent'
  }`;
}

const overview = () => ({
  to: '/dashboard',
  label: overviewMessages.title,
  end: true,
  activeUnder: undefined,
});

/**
 * A side menu on wide screens. On phones the items wrap onto as many rows as they need, so every one
 * is on screen and none is cut off at the edge.
 */
export function DashboardMenu({ role }: { role: Role }) {
  const { pathname } = useLocation();
  const items = [
    overview(),
    ...dashboardMenu[role].map((item) => ({
      to: item.to,
      label: item.label,
      end: false,
      activeUnder: item.activeUnder,
    })),
  ];

  return (
    <nav aria-label={t('nav.dashboard')}>
      <ul className="flex flex-wrap gap-2 md:flex-col md:flex-nowrap md:gap-1">
        {items.map((item) => (
          <li key={item.to}>
            {isActiveUnder(item, pathname) ? (
              // NavLink marks only its own address; here the item is the section the page belongs to.
              <Link to={item.to} className={itemClass(true)} aria-current="location">
                {item.label}
              </Link>
            ) : (
              <NavLink to={item.to} end={item.end} className={({ isActive }) => itemClass(isActive)}>
                {item.label}
              </NavLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
