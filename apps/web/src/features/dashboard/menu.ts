import { messageRecord, roles, t, type MessageKey, type Role } from '@furniture-mart/shared';

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

/**
 * An item whose label and description are read in the page's language when shown
 * (`menu.<name>` and `menu.<name>.about` in the catalogue).
 */
function item(to: string, name: string, activeUnder?: string[]): DashboardMenuItem {
  return {
    to,
    get label() {
      return t(`menu.${name}` as MessageKey);
    },
    get description() {
      return t(`menu.${name}.about` as MessageKey);
    },
    ...(activeUnder ? { activeUnder } : {}),
  };
}

/** Everyone's own account settings. */
const account = item('/dashboard/account', 'account');

/** Conversations with buyers or sellers; one conversation stays under the list. */
const messages = item('/dashboard/messages', 'messages', ['/dashboard/messages/']);

/** Offers made (buyers) or received (sellers); one offer stays under the list. */
const offers = item('/dashboard/offers', 'offers', ['/dashboard/offers/']);

/** What each role can open from the dashboard; the routes check the same roles. */
export const dashboardMenu: Record<Role, DashboardMenuItem[]> = {
  buyer: [
    item('/dashboard/myOrders', 'myOrders', ['/dashboard/payment/', '/dashboard/orders/']),
    messages,
    offers,
    item('/dashboard/favourites', 'favourites'),
    account,
  ],
  seller: [
    // A seller opens an order from a product's bookings, and edits a listing from its row.
    item('/dashboard/myProducts', 'myProducts', ['/dashboard/orders/', '/dashboard/products/']),
    item('/dashboard/addProduct', 'addProduct'),
    messages,
    offers,
    account,
  ],
  admin: [
    item('/dashboard/allSellers', 'allSellers'),
    item('/dashboard/allBuyers', 'allBuyers'),
    item('/dashboard/allReport', 'allReport'),
    item('/dashboard/activity', 'activity'),
    account,
  ],
};

export const roleLabels = messageRecord('role', roles);

/** True on a page that belongs to the item without being its own address, e.g. paying for an order. */
export function isActiveUnder(item: Pick<DashboardMenuItem, 'activeUnder'>, pathname: string): boolean {
  return item.activeUnder?.some((prefix) => pathname.startsWith(prefix)) ?? false;
}
