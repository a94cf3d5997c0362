/**
 * Live events in the bench: what an open event stream costs an instance in memory, how long one message
 * takes to reach a thousand streams, and how long a message sent through one instance takes to reach a
 * stream held on another while the listing load runs (on PGlite, which one process holds, both ends
 * are the same instance).
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/platform/db/client.js';
import type { buildApp } from '../src/app.js';
import { openEventStream, type EventStream } from '../test/helpers/sse.js';
import { measureHttp } from './measure.js';

/** What the streams need: a buyer and a seller signed in, and a product of the seller's to ask about. */
export interface Conversation {
  buyerCookie: string;
  sellerCookie: string;
  productId: string;
}

export interface LiveEventFigures {
  streams: number;
  /** Resident memory the instance took for each open stream (KB). */
  rssKbPerStream: number;
  /** From sending one message to its arrival on the last of the streams (ms). */
  fanOutMs: number;
  instances: 1 | 2;
  messages: number;
  deliveryP50Ms: number;
  deliveryP99Ms: number;
  /** Listing requests answered while the messages were timed. */
  listingRequestsPerSecond: number;
}

type App = Awaited<ReturnType<typeof buildApp>>;

async function signUp(
  app: App,
  origin: string,
  role: 'buyer' | 'seller',
): Promise<{ id: string; cookie: string }> {
  const email = `bench-${role}-${Date.now()}-${Math.random().toString(36).slice(2)}@bench.test`;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin },
    payload: { name: `Bench ${role}`, email, password: 'bench-password-1', role },
  });
  const cookie = response.cookies.find((c) => c.name.includes('session_token'));
  if (!cookie) throw new Error(`could not sign up the bench ${role}: ${response.body}`);
  return { id: response.json<{ user: { id: string } }>().user.id, cookie: `${cookie.name}=${cookie.value}` };
}

/** Signs up the two people and lists a product of the seller's, before the servers start. */
export async function prepareConversation(app: App, db: Db, origin: string): Promise<Conversation> {
  const [buyer, seller] = [await signUp(app, origin, 'buyer'), await signUp(app, origin, 'seller')];
  const result = (await db.execute(sql`
    insert into products (seller_id, category_id, title, description, phone, location, condition,
      original_price_cents, selling_price_cents, currency, years_used, status)
    select ${seller.id}, (select id from categories order by position limit 1), 'Bench teak sofa',
      'A sofa to ask about.', '+880 1711 000000', 'Dhaka', 'good', 50000, 30000, 'USD', 2, 'available'
    returning id`)) as unknown as { rows: { id: string }[] };
  return { buyerCookie: buyer.cookie, sellerCookie: seller.cookie, productId: result.rows[0]!.id };
}

function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

async function post(url: string, cookie: string, origin: string, body: unknown): Promise<{ id: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { cookie, origin, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * `sender` and `receiver` are the instances' base URLs (the same one on PGlite); `receiverPid` the
 * process whose memory is read; `listingLoad` is run against the sender while messages are timed.
 */
export async function measureLiveEvents(options: {
  sender: string;
  receiver: string;
  receiverPid: number;
  conversation: Conversation;
  streams: number;
  messages: number;
  listingLoad: { nextPath: () => string; cookie: string; connections: number; seconds: number };
}): Promise<LiveEventFigures> {
  const { sender, receiver, conversation } = options;
  // Both instances answer for one site: the one PUBLIC_URL, the receiver's.
  const origin = receiver;
  const url = `${receiver}/api/my/events`;
  const held: EventStream[] = [];
  try {
    const started = await fetch(`${sender}/api/products/${conversation.productId}/conversations`, {
      method: 'POST',
      headers: { cookie: conversation.buyerCookie, origin, 'content-type': 'application/json' },
      body: JSON.stringify({ body: 'Is it still available?' }),
    });
    if (!started.ok) throw new Error(`could not start the conversation: ${await started.text()}`);
    console.log('  live events: conversation started');
    const conversationId = ((await started.json()) as { conversation: { id: string } }).conversation.id;
    const send = (body: string) =>
      post(`${sender}/api/conversations/${conversationId}/messages`, conversation.buyerCookie, origin, {
        body,
      });

    // Memory: a few streams first (the code paths warm, the pools filled), then many.
    const warm = await Promise.all(
      Array.from({ length: 10 }, () => openEventStream(url, { cookie: conversation.sellerCookie })),
    );
    await Promise.all(warm.map((one) => one.retry));
    for (const one of warm) one.close();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = rssKb(options.receiverPid);
    console.log(`  live events: opening ${options.streams} streams`);
    const openedAt = Date.now();
    for (let opened = 0; opened < options.streams; opened += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, options.streams - opened) }, () =>
          openEventStream(url, { cookie: conversation.sellerCookie }),
        ),
      );
      held.push(...batch);
      const refused = batch.find((one) => one.status !== 200);
      if (refused) throw new Error(`a stream was refused with ${refused.status}`);
      await Promise.all(batch.map((one) => one.retry));
    }
    console.log(`  live events: ${held.length} streams open in ${Date.now() - openedAt} ms`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const rssKbPerStream = Math.round(((rssKb(options.receiverPid) - before) / options.streams) * 10) / 10;

    console.log('  live events: one message to all of them');
    // One message to all of them.
    const sentAt = Date.now();
    const message = await send('to everyone');
    const arrivals = await Promise.all(
      held.map(async (one) => {
        const event = await one.next(30_000);
        if (JSON.parse(event.data).id !== message.id) throw new Error('a stream got another message');
        return event.at;
      }),
    );
    const fanOutMs = Math.max(...arrivals) - sentAt;
    for (const one of held.splice(0)) one.close();
    await new Promise((resolve) => setTimeout(resolve, 500));

    console.log(`  live events: ${options.messages} messages while the listing load runs`);
    // Delivery while the listing load runs.
    const watching = await openEventStream(url, { cookie: conversation.sellerCookie });
    held.push(watching);
    await watching.retry;
    const load = measureHttp(`${sender}/`, {
      connections: options.listingLoad.connections,
      seconds: options.listingLoad.seconds,
      headers: { cookie: options.listingLoad.cookie },
      nextPath: options.listingLoad.nextPath,
    });
    // Seen at once if the load cannot run at all, rather than after the messages.
    load.catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const latencies: number[] = [];
    for (let n = 0; n < options.messages; n++) {
      const at = Date.now();
      const sent = await send(`timed ${n}`);
      const event = await watching.next(30_000);
      if (JSON.parse(event.data).id !== sent.id) throw new Error('messages arrived out of order');
      latencies.push(event.at - at);
    }
    const listing = await load;
    latencies.sort((a, b) => a - b);
    return {
      streams: options.streams,
      rssKbPerStream,
      fanOutMs,
      instances: sender === receiver ? 1 : 2,
      messages: options.messages,
      deliveryP50Ms: percentile(latencies, 50),
      deliveryP99Ms: percentile(latencies, 99),
      listingRequestsPerSecond: listing.requestsPerSecond,
    };
  } finally {
    for (const one of held) one.close();
  }
}
