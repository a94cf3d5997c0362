import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { t, type Conversation, type Message } from '@furniture-mart/shared';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { Alert } from '../../../components/ui/Alert';
import { useConfirm } from '../../../components/ui/ConfirmDialog';
import { MessageBubble } from '../../../components/ui/MessageBubble';
import { Price } from '../../../components/ui/Price';
import { PageSpinner, SpinnerGlyph } from '../../../components/ui/Spinner';
import { notify } from '../../../components/ui/Toasts';
import { VerifiedMark } from '../../../components/ui/VerifiedMark';
import { errorMessage, isApiError } from '../../../lib/api';
import {
  useConversation,
  useMarkRead,
  useOlderMessages,
  useSetBlocked,
  useTalks,
  useThreadMessages,
} from '../api';
import { Composer } from '../components/Composer';
import { OfferThreadCard } from '../components/OfferThreadCard';
import { ProductThumb, productStatusKey } from '../components/ProductThumb';
import { ReportMessageDialog } from '../components/ReportMessageDialog';
import { newestFromOther, threadRows } from '../thread';

/** Remembered in this browser once the sender has read why their contact details were held back. */
const MASK_EXPLAINED = 'fm.chat.maskExplained';

function maskExplained(): boolean {
  try {
    return window.localStorage.getItem(MASK_EXPLAINED) === '1';
  } catch {
    return false;
  }
}

/** Whether the reader is looking at this tab: reading marks messages read only then. */
function useVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/** The product on top: its photo, title, price and state; Book Now for the buyer while it is for sale. */
function ProductCard({ conversation, menu }: { conversation: Conversation; menu: ReactNode }) {
  const { product, counterpart } = conversation;
  const status = productStatusKey(product.status);
  const canBook = conversation.role === 'buyer' && product.status === 'available' && !conversation.booked;
  return (
    <div className="flex items-center gap-3 border-b border-base-300 p-2 sm:p-3">
      <Link
        to="/dashboard/messages"
        className="btn btn-ghost btn-square btn-sm md:hidden"
        aria-label={t('chat.backToList')}
      >
        <svg
          viewBox="0 0 20 20"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M12.5 4.5 7 10l5.5 5.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </Link>
      <ProductThumb product={product} />
      <div className="min-w-0 flex-1">
        <h1 className="flex items-center gap-1 text-base font-semibold sm:text-lg">
          <span className="truncate">{counterpart.name}</span>
          {counterpart.verified ? <VerifiedMark size="sm" /> : null}
        </h1>
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-base-content/80">
          {product.status === 'removed' ? (
            <span className="truncate">{product.title}</span>
          ) : (
            <Link to={`/products/${product.id}`} className="link link-hover truncate">
              {product.title}
            </Link>
          )}
          <Price
            cents={product.priceCents}
            currency={product.currency}
            className="font-semibold text-base-content"
          />
          {status ? <span className="badge badge-ghost badge-sm">{t(status)}</span> : null}
          {conversation.booked ? (
            <span className="badge badge-success badge-soft badge-sm">{t('chat.booked')}</span>
          ) : null}
        </p>
      </div>
      {canBook ? (
        <Link
          to={`/products/${product.id}`}
          state={{ book: true }}
          className="btn btn-primary btn-sm shrink-0"
        >
          {t('booking.title')}
        </Link>
      ) : null}
      {menu}
    </div>
  );
}

/** One conversation: the product on top, the messages, and the composer at the bottom. */
export function ConversationPage() {
  const { id = '' } = useParams();
  const { meId } = useTalks();
  const conversation = useConversation(id);
  const messages = useThreadMessages(id);
  const older = useOlderMessages(id);
  const markRead = useMarkRead(id);
  const setBlocked = useSetBlocked(id);
  const [confirm, confirmDialog] = useConfirm();
  const [reporting, setReporting] = useState<Message | null>(null);
  const [explainMask, setExplainMask] = useState(false);
  const reportReturn = useRef<HTMLElement | null>(null);
  const menuRef = useRef<HTMLDetailsElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const markedUpTo = useRef<string | null>(null);
  const visible = useVisible();

  const items = messages.data?.items;
  const newestOther = items && meId ? newestFromOther(items, meId) : null;

  // Seen: the other person's newest message is read once it is on the screen of a visible tab. Each
  // message is marked once; reading up to it covers every earlier one.
  const { mutate: markReadUpTo } = markRead;
  useEffect(() => {
    if (!visible || !newestOther || markedUpTo.current === newestOther.id) return;
    markedUpTo.current = newestOther.id;
    markReadUpTo(newestOther.id);
  }, [visible, newestOther, markReadUpTo]);

  const onSent = useCallback((message: Message) => {
    // Back to the newest message (the bottom, where this one lands).
    if (scroller.current) scroller.current.scrollTop = 0;
    if (message.masked && !maskExplained()) setExplainMask(true);
  }, []);

  const dismissMask = () => {
    try {
      window.localStorage.setItem(MASK_EXPLAINED, '1');
    } catch {
      // Private mode: it is explained again next time, no harm.
    }
    setExplainMask(false);
  };

  if (conversation.isPending) return <PageSpinner label={t('chat.loading')} />;
  if (conversation.isError) {
    const missing = isApiError(conversation.error) && conversation.error.status === 404;
    return (
      <section className="space-y-4">
        <DocumentTitle title={t('chat.title')} />
        <Alert
          tone={missing ? 'info' : 'error'}
          onRetry={missing ? undefined : () => void conversation.refetch()}
          action={
            missing ? (
              <Link to="/dashboard/messages" className="btn btn-sm">
                {t('chat.backToList')}
              </Link>
            ) : undefined
          }
        >
          {errorMessage(conversation.error)}
        </Alert>
      </section>
    );
  }
  const data = conversation.data;
  const { counterpart } = data;

  const toggleBlock = async () => {
    const blocking = !data.blockedByMe;
    const agreed = await confirm(
      blocking
        ? {
            title: t('chat.blockTitle', { name: counterpart.name }),
            message: t('chat.blockExplained', { name: counterpart.name }),
            confirmLabel: t('chat.block'),
            destructive: true,
          }
        : {
            title: t('chat.unblockTitle', { name: counterpart.name }),
            message: t('chat.unblockExplained', { name: counterpart.name }),
            confirmLabel: t('chat.unblock'),
          },
    );
    if (!agreed) return;
    try {
      await setBlocked.mutateAsync(blocking);
      notify.success(
        blocking
          ? t('chat.blocked', { name: counterpart.name })
          : t('chat.unblocked', { name: counterpart.name }),
      );
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  const closedBecause = counterpart.removed
    ? t('conversations.counterpartRemoved')
    : data.blockedByMe
      ? t('conversations.blockedByYou')
      : data.blockedByThem
        ? t('conversations.blockedByThem')
        : null;

  return (
    <section
      className="flex flex-col bg-base-100 max-md:fixed max-md:inset-x-0 max-md:bottom-0 max-md:top-16 max-md:z-20 md:h-[calc(100dvh-12rem)] md:min-h-[32rem] md:overflow-hidden md:rounded-box md:border md:border-base-300"
      aria-label={t('chat.threadLabel', { name: counterpart.name, title: data.product.title })}
    >
      <DocumentTitle title={t('chat.threadTitle', { name: counterpart.name, title: data.product.title })} />
      <ProductCard
        conversation={data}
        menu={
          counterpart.removed ? null : (
            <details className="relative shrink-0" ref={menuRef}>
              <summary
                className="btn btn-ghost btn-square btn-sm list-none [&::-webkit-details-marker]:hidden"
                aria-label={t('chat.moreActions')}
              >
                <svg viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor" aria-hidden="true">
                  <circle cx="10" cy="4" r="1.6" />
                  <circle cx="10" cy="10" r="1.6" />
                  <circle cx="10" cy="16" r="1.6" />
                </svg>
              </summary>
              <ul className="absolute right-0 top-full z-30 mt-1 w-60 rounded-box border border-base-300 bg-base-100 p-1 shadow-lg">
                <li>
                  <button
                    type="button"
                    className="w-full rounded-field px-3 py-2 text-left text-sm hover:bg-base-200 focus-visible:bg-base-200"
                    onClick={() => {
                      menuRef.current?.removeAttribute('open');
                      void toggleBlock();
                    }}
                    disabled={setBlocked.isPending}
                  >
                    {data.blockedByMe
                      ? t('chat.unblockName', { name: counterpart.name })
                      : t('chat.blockName', { name: counterpart.name })}
                  </button>
                </li>
              </ul>
            </details>
          )
        }
      />
      {/* In reverse, so the browser keeps the bottom (the newest message) in view as messages,
          photos and fonts arrive and as a phone's keyboard shrinks the box. */}
      <div
        ref={scroller}
        className="flex min-h-0 flex-1 flex-col-reverse overflow-y-auto overscroll-contain bg-base-200/40 px-2 py-3 sm:px-4"
        data-testid="thread"
      >
        <div>
          {messages.data?.hasOlder ? (
            <div className="mb-3 text-center">
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => older.mutate()}
                disabled={older.isPending}
              >
                {older.isPending ? <SpinnerGlyph /> : null}
                {t('chat.earlier')}
              </button>
            </div>
          ) : null}
          {messages.isPending ? <PageSpinner label={t('chat.loading')} /> : null}
          {messages.isError && !items ? (
            <Alert tone="error" onRetry={() => void messages.refetch()}>
              {errorMessage(messages.error)}
            </Alert>
          ) : null}
          <ol className="space-y-1" aria-label={t('chat.messagesLabel')}>
            {items
              ? threadRows(items).map((row) =>
                  row.kind === 'day' ? (
                    <li key={row.key} className="py-2 text-center" data-testid="day-separator">
                      <span className="rounded-full bg-base-100 px-3 py-1 text-xs font-medium text-base-content/70 shadow-sm">
                        {row.label}
                      </span>
                    </li>
                  ) : row.message.offer ? (
                    <li key={row.key}>
                      <OfferThreadCard
                        card={row.message.offer}
                        author={row.message.senderId === meId ? t('chat.you') : counterpart.name}
                        meId={meId}
                      />
                    </li>
                  ) : (
                    <li key={row.key}>
                      <MessageBubble
                        message={row.message}
                        own={row.message.senderId === meId}
                        author={row.message.senderId === meId ? t('chat.you') : counterpart.name}
                        actions={
                          row.message.senderId !== meId && !row.message.removed ? (
                            <button
                              type="button"
                              className="btn btn-ghost btn-xs text-base-content/70"
                              aria-haspopup="dialog"
                              onClick={(event) => {
                                reportReturn.current = event.currentTarget;
                                setReporting(row.message);
                              }}
                            >
                              {t('chat.report')}
                            </button>
                          ) : row.message.senderId === meId && row.message.masked ? (
                            <span className="text-xs text-base-content/70">{t('chat.maskedNote')}</span>
                          ) : null
                        }
                      />
                    </li>
                  ),
                )
              : null}
          </ol>
        </div>
      </div>
      {explainMask ? (
        <Alert
          tone="info"
          className="rounded-none"
          action={
            <button type="button" className="btn btn-sm" onClick={dismissMask}>
              {t('chat.gotIt')}
            </button>
          }
          data-testid="mask-explained"
        >
          {t('chat.maskExplained')}
        </Alert>
      ) : null}
      {closedBecause ? (
        <p
          className="border-t border-base-300 bg-base-100 p-3 text-center text-sm text-base-content/80"
          role="status"
        >
          {closedBecause}
        </p>
      ) : (
        <Composer conversationId={id} onSent={onSent} />
      )}
      {reporting ? (
        <ReportMessageDialog
          message={reporting}
          author={counterpart.name}
          onClose={() => setReporting(null)}
          returnFocusRef={reportReturn}
        />
      ) : null}
      {confirmDialog}
    </section>
  );
}
