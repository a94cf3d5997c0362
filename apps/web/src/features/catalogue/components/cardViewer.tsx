import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useAuth, useConfig, type AuthState } from '../../../lib/session';
import { useSavedProductIds, useToggleFavourite } from '../productApi';

/** What every card of a grid shows the same way for the person looking at it. */
export interface CardViewer {
  auth: AuthState;
  /** The products a buyer saved; null for anyone else (no hearts), or until known. */
  saved: ReadonlySet<string> | null;
  /** The shop's currency, once known. */
  currency: string | undefined;
  toggleFavourite(productId: string, save: boolean): void;
  /** The product whose heart is on its way to the server. */
  favouritePending: string | null;
}

const CardViewerContext = createContext<CardViewer | null>(null);

/**
 * Reads who is looking once for a whole grid. Each card used to ask for itself (the session, saved
 * products, the currency of each price): about ten query subscriptions a card, set up
 * one by one while a listing came to life, which a slow phone felt as one long task.
 */
export function CardViewerProvider({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const saved = useSavedProductIds();
  const currency = useConfig().data?.currency;
  const toggle = useToggleFavourite();
  const { mutate, isPending, variables } = toggle;
  const favouritePending = isPending && variables ? variables.productId : null;
  const viewer = useMemo<CardViewer>(
    () => ({
      auth,
      saved,
      currency,
      toggleFavourite: (productId, save) => mutate({ productId, save }),
      favouritePending,
    }),
    [auth, saved, currency, mutate, favouritePending],
  );
  return <CardViewerContext value={viewer}>{children}</CardViewerContext>;
}

export function useCardViewer(): CardViewer {
  const viewer = useContext(CardViewerContext);
  if (!viewer) throw new Error('A product card is shown inside a ProductGrid, which knows its viewer.');
  return viewer;
}
