import { NavLink } from 'react-router';
import type { Role } from '@furniture-mart/shared';
import { dashboardMenu } from '../menu';

function itemClass({ isActive }: { isActive: boolean }) {
  return `block whitespace-nowrap rounded-field px-4 py-2.5 font-medium transition-colors ${
    isActive ? 'bg-primary text-primary-content shadow-sm' : 'text-base-content hover:bg-base-200'
  }`;
}

const overview = { to: '/dashboard', label: 'Overview', end: true };

/** A side menu on wide screens; a horizontally scrolling strip on phones. */
export function DashboardMenu({ role }: { role: Role }) {
  const items = [overview, ...dashboardMenu[role].map((item) => ({ ...item, end: false }))];
  return (
    <nav aria-label="Dashboard">
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-2 md:mx-0 md:flex-col md:gap-1 md:overflow-visible md:px-0 md:pb-0">
        {items.map((item) => (
          <li key={item.to} className="shrink-0">
            <NavLink to={item.to} end={item.end} className={itemClass}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
