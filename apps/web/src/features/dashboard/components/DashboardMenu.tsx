import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
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
  const listRef = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();

  // On phones the active item may sit past the edge of the strip; bring it into view
  // by scrolling the strip only, never the page.
  useEffect(() => {
    const list = listRef.current;
    const active = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !active || list.scrollWidth <= list.clientWidth) return;
    const strip = list.getBoundingClientRect();
    const item = active.getBoundingClientRect();
    if (item.left < strip.left || item.right > strip.right) {
      list.scrollLeft += item.left - strip.left - 16;
    }
  }, [pathname]);

  return (
    <nav aria-label="Dashboard">
      <ul
        ref={listRef}
        className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-2 md:mx-0 md:flex-col md:gap-1 md:overflow-visible md:px-0 md:pb-0"
      >
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
