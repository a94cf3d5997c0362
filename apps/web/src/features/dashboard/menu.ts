import type { Role } from '@furniture-mart/shared';

export interface DashboardMenuItem {
  to: string;
  label: string;
  description: string;
  /**
   * Pages reached from this item that have no item of their own (paying for an order, one order):
   * the item stays highlighted there, so the menu still says where the person is.
   */
  activeUnder?: string[];
}

/** Everyone's own account settings. */
const account: DashboardMenuItem = {
  to: '/dashboard/account',
  label: 'Account',
  description: 'Your sign-in details and password.',
};

/** What each role can open from the dashboard; the routes check the same roles. */
export const dashboardMenu: Record<Role, DashboardMenuItem[]> = {
  buyer: [
    {
      to: '/dashboard/myOrders',
      label: 'My Orders',
      description: 'Bookings, payments and their status.',
      activeUnder: ['/dashboard/payment/', '/dashboard/orders/'],
    },
    {
      to: '/dashboard/favourites',
      label: 'Favourites',
      description: 'Furniture you saved, and news of its price.',
    },
    account,
  ],
  seller: [
    {
      to: '/dashboard/myProducts',
      label: 'My Products',
      description: 'Your listings, advertising and sales.',
      // A seller opens an order from a product's bookings, and edits a listing from its row.
      activeUnder: ['/dashboard/orders/', '/dashboard/products/'],
    },
    {
      to: '/dashboard/addProduct',
      label: 'Add A Product',
      description: 'Put a new piece of furniture on sale.',
    },
    account,
  ],
  admin: [
    { to: '/dashboard/allSellers', label: 'All Sellers', description: 'Verify or remove sellers.' },
    { to: '/dashboard/allBuyers', label: 'All Buyers', description: 'See and remove buyer accounts.' },
    { to: '/dashboard/allReport', label: 'Reported Items', description: 'Review what buyers reported.' },
    { to: '/dashboard/activity', label: 'Activity', description: 'Every moderation action, newest first.' },
    account,
  ],
};

export const roleLabels: Record<Role, string> = {
  buyer: 'Buyer',
  seller: 'Seller',
  admin: 'Administrator',
};

/** True on a page that belongs to the item without being its own address, e.g. paying for an order. */
export function isActiveUnder(item: Pick<DashboardMenuItem, 'activeUnder'>, pathname: string): boolean {
  return item.activeUnder?.some((prefix) => pathname.startsWith(prefix)) ?? false;
}
