/**
 * The Book Now and Report dialogs of one product, for its card and its page alike. Their code (and the
 * form library with it) loads when a buyer is about to use one, not with the cards: cards also show on
 * public pages.
 */
import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import type { Me, ProductCard } from '@furniture-mart/shared';

const loadBookingDialog = () => import('./BookingDialog');
const loadReportDialog = () => import('./ReportDialog');
const BookingDialog = lazy(async () => ({ default: (await loadBookingDialog()).BookingDialog }));
const ReportDialog = lazy(async () => ({ default: (await loadReportDialog()).ReportDialog }));

/** Starts fetching a dialog's code, e.g. as soon as the pointer or focus reaches its button. */
function preload(load: () => Promise<unknown>) {
  return () => {
    load().catch(() => {
      // Opening the dialog asks again and shows the error there.
    });
  };
}
export const preloadBookingDialog = preload(loadBookingDialog);
export const preloadReportDialog = preload(loadReportDialog);

export interface ProductActionDialogs {
  openBooking: () => void;
  openReport: () => void;
  /**
   * For Book Now's place: the button, or the link to the order that replaces it once booked. Focus
   * returns there when the booking dialog closes.
   */
  bookSlot: (element: HTMLElement | null) => void;
  /** For the Report button, where focus returns when the report dialog closes. */
  reportSlot: (element: HTMLElement | null) => void;
  /** The open dialog, if any, to render beside the buttons. */
  dialogs: ReactNode;
}

export function useProductActionDialogs(
  product: Pick<ProductCard, 'id' | 'title' | 'sellingPriceCents' | 'placeName' | 'district' | 'area'>,
  me: Me | null,
): ProductActionDialogs {
  const [open, setOpen] = useState<'book' | 'report' | null>(null);
  const bookRef = useRef<HTMLElement | null>(null);
  const reportRef = useRef<HTMLElement | null>(null);
  // Stable, so React does not detach and attach them again on every render.
  const bookSlot = useCallback((element: HTMLElement | null) => {
    bookRef.current = element;
  }, []);
  const reportSlot = useCallback((element: HTMLElement | null) => {
    reportRef.current = element;
  }, []);
  const close = () => setOpen(null);
  return {
    openBooking: () => setOpen('book'),
    openReport: () => setOpen('report'),
    bookSlot,
    reportSlot,
    dialogs: (
      <Suspense fallback={null}>
        {open === 'book' && me ? (
          <BookingDialog product={product} me={me} onClose={close} returnFocusRef={bookRef} />
        ) : null}
        {open === 'report' ? (
          <ReportDialog product={product} onClose={close} returnFocusRef={reportRef} />
        ) : null}
      </Suspense>
    ),
  };
}
