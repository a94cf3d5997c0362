import { Link, useSearchParams } from 'react-router';
import { t, type Conversation } from '@furniture-mart/shared';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { Alert } from '../../../components/ui/Alert';
import { Pagination } from '../../../components/ui/Pagination';
import { Spinner } from '../../../components/ui/Spinner';
import { VerifiedMark } from '../../../components/ui/VerifiedMark';
import { errorMessage } from '../../../lib/api';
import { CONVERSATIONS_PAGE_SIZE, useConversations, useTalks } from '../api';
import { ProductThumb, productStatusKey } from '../components/ProductThumb';
import { dayLabel, dayOf, unreadFirst } from '../thread';
import { formatDate } from '@furniture-mart/shared';

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function when(date: string): string {
  return dayOf(date) === dayOf(new Date())
    ? formatDate(date, { hour: 'numeric', minute: '2-digit' })
    : dayLabel(date);
}

function lastMessageText(conversation: Conversation, meId: string | null): string {
  const last = conversation.lastMessage;
  if (!last) return '';
  const text = last.removed
    ? t('chat.removedByAdmin')
    : last.body || t('chat.photoCount', { count: last.photos.length });
  return last.senderId === meId ? t('chat.youWrote', { text }) : text;
}

function ConversationRow({ conversation, meId }: { conversation: Conversation; meId: string | null }) {
  const { product, counterpart } = conversation;
  const status = productStatusKey(product.status);
  const unread = conversation.unread > 0;
  return (
    <li>
      <Link
        to={`/dashboard/messages/${conversation.id}`}
        className={`flex items-start gap-3 p-3 transition-colors hover:bg-base-200 sm:p-4 ${unread ? 'bg-primary/5' : ''}`}
        data-testid="conversation"
      >
        <ProductThumb product={product} />
        <div className="min-w-0 flex-1 space-y-0.5">
          <p className="flex items-center gap-2">
            <span className={`truncate ${unread ? 'font-bold' : 'font-semibold'}`}>{counterpart.name}</span>
            {counterpart.verified ? <VerifiedMark size="sm" /> : null}
            <span className="ml-auto shrink-0 text-xs text-base-content/70">
              <time dateTime={conversation.updatedAt}>{when(conversation.updatedAt)}</time>
            </span>
          </p>
          <p className="flex items-center gap-2 text-sm text-base-content/80">
            <span className="truncate">{product.title}</span>
            {status ? <span className="badge badge-ghost badge-sm shrink-0">{t(status)}</span> : null}
          </p>
          <p className="flex items-center gap-2 text-sm">
            <span
              className={`line-clamp-1 min-w-0 flex-1 ${unread ? 'font-medium' : 'text-base-content/70'}`}
            >
              {lastMessageText(conversation, meId)}
            </span>
            {unread ? (
              <span className="badge badge-primary badge-sm shrink-0">
                {t('chat.unreadCount', { count: conversation.unread })}
              </span>
            ) : null}
          </p>
        </div>
      </Link>
    </li>
  );
}

/** A buyer's or a seller's conversations, unread first, each with the piece it is about. */
export function MessagesPage() {
  const [params] = useSearchParams();
  const page = pageFrom(params);
  const { enabled, meId } = useTalks();
  const conversations = useConversations(page);
  const data = conversations.data;

  return (
    <section className="space-y-6">
      <DocumentTitle title={t('chat.title')} />
      <header className="space-y-2">
        <h1 className="font-display text-3xl font-bold sm:text-4xl">{t('chat.title')}</h1>
        <p className="max-w-2xl text-base-content/80">{t('chat.intro')}</p>
      </header>
      {!enabled ? <Alert tone="info">{t('chat.onlyPeople')}</Alert> : null}
      {enabled && conversations.isPending ? <Spinner label={t('chat.loading')} /> : null}
      {conversations.error && !data ? (
        <Alert tone="error" onRetry={() => void conversations.refetch()}>
          {errorMessage(conversations.error)}
        </Alert>
      ) : null}
      {data && data.items.length === 0 ? (
        <div className="space-y-3 rounded-box border border-base-300 bg-base-100 p-6">
          <p>{t('chat.none')}</p>
          <Link to="/#categories" className="btn btn-primary btn-sm">
            {t('favourites.browse')}
          </Link>
        </div>
      ) : null}
      {data && data.items.length > 0 ? (
        <>
          <ul
            className="divide-y divide-base-300 overflow-hidden rounded-box border border-base-300 bg-base-100"
            aria-label={t('chat.listLabel')}
            aria-busy={conversations.isPlaceholderData}
          >
            {unreadFirst(data.items).map((conversation) => (
              <ConversationRow key={conversation.id} conversation={conversation} meId={meId} />
            ))}
          </ul>
          <Pagination
            page={data.page}
            pageSize={CONVERSATIONS_PAGE_SIZE}
            total={data.total}
            label={t('chat.pages')}
            linkTo={(target) => `/dashboard/messages?page=${target}`}
          />
        </>
      ) : null}
    </section>
  );
}
