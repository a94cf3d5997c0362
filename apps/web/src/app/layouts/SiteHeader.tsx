import { useEffect, useId, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Logo } from '../../components/Logo';
import { useAuth, useSignOut } from '../../features/auth/api';
import { t, type MessageKey } from '@furniture-mart/shared';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { MessagesNavLink } from '../../features/conversations/components/MessagesNavLink';

interface NavItem {
  to: string;
  label: MessageKey;
  end?: boolean;
}

const publicItems: NavItem[] = [
  { to: '/', label: 'nav.home', end: true },
  { to: '/blog', label: 'nav.blog' },
  { to: '/search', label: 'nav.search' },
];

const dashboardItem: NavItem = { to: '/dashboard', label: 'nav.dashboard' };

function navLinkClass({ isActive }: { isActive: boolean }) {
  return `rounded-field px-3 py-2 font-medium transition-colors hover:bg-base-200 ${
    isActive ? 'bg-base-200 text-primary' : 'text-base-content'
  }`;
}

function AccountButton() {
  const auth = useAuth();
  const signOut = useSignOut();

  if (auth.status === 'loading') {
    // Same footprint as the real button, so the header does not jump when the session is known.
    return <span className="skeleton h-10 w-24" aria-hidden="true" />;
  }
  if (auth.status === 'signedOut') {
    return (
      <Link to="/login" className="btn btn-primary max-[359px]:btn-sm">
        {t('nav.login')}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className="btn btn-outline btn-primary max-[359px]:btn-sm"
      onClick={() => signOut.mutate()}
      disabled={signOut.isPending}
    >
      {signOut.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
      {t('nav.logout')}
    </button>
  );
}

function HamburgerIcon({ open }: { open: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="h-6 w-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      {open ? (
        <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
      ) : (
        <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
      )}
    </svg>
  );
}

export function SiteHeader() {
  const auth = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const items = auth.status === 'signedIn' ? [...publicItems, dashboardItem] : publicItems;

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-30 border-b border-base-300 bg-base-100/95 backdrop-blur supports-[backdrop-filter]:bg-base-100/85">
      {/* Below 360 px (the narrowest phones) the pieces tighten so the name stays on one line. */}
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-1 px-3 min-[360px]:gap-2 min-[360px]:px-4 sm:px-6">
        <button
          type="button"
          className="btn btn-ghost btn-square max-[359px]:btn-sm md:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <HamburgerIcon open={menuOpen} />
        </button>
        <Link
          to="/"
          className="shrink-0 whitespace-nowrap rounded-field max-[359px]:[&_.font-display]:text-base max-[359px]:[&_svg]:h-8 max-[359px]:[&_svg]:w-8"
          aria-label={t('nav.homeLink')}
        >
          <Logo />
        </Link>
        <nav aria-label={t('nav.main')} className="ml-6 hidden md:block">
          <ul className="flex items-center gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={navLinkClass}>
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1">
          {/* On phones the switch sits in the menu, where it leaves the name of the site room. */}
          <LanguageSwitch className="hidden sm:inline-flex" />
          <MessagesNavLink />
          <AccountButton />
        </div>
      </div>
      {menuOpen ? (
        <nav
          id={menuId}
          aria-label={t('nav.main')}
          className="border-t border-base-300 bg-base-100 md:hidden"
        >
          <ul className="flex flex-col gap-1 px-4 py-3">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  className={(state) => `block ${navLinkClass(state)}`}
                  onClick={() => setMenuOpen(false)}
                >
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
            <li>
              <LanguageSwitch className="w-full justify-start px-3 font-medium" />
            </li>
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
