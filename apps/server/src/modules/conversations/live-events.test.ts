/**
 * The live event stream over real HTTP: what each person is sent, in what order and with what numbers,
 * resuming after Last-Event-ID, many messages at once, and the end of a stream with its session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationStarted, Message } from '@furniture-mart/shared';
import {
  createTestApp,
  signUp,
  TEST_ORIGIN,
  type TestContext,
  type TestUser,
} from '../../../test/helpers/app.js';
import { insertProduct } from '../../../test/helpers/fixtures.js';
import { openEventStream, type EventStream } from '../../../test/helpers/sse.js';
import type { Viewer } from '../../platform/auth/viewer.js';
import { LiveEvents, type LiveEvent } from './live-events.js';

let ctx: TestContext;
let base: string;
let seller: TestUser;
const open: EventStream[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  seller = await signUp(ctx.app, 'seller');
});
afterAll(async () => {
  for (const stream of open) stream.close();
  await ctx.close();
});

async function stream(user: TestUser | null, lastEventId?: string) {
  const opened = await openEventStream(`${base}/api/my/events`, {
    cookie: user?.client.cookie ?? null,
    ...(lastEventId !== undefined ? { lastEventId } : {}),
  });
  open.push(opened);
  return opened;
}

async function conversationOf(buyer: TestUser) {
  const product = await insertProduct(ctx.database.db, seller.id);
  const res = await buyer.client.post(`/api/products/${product.id}/conversations`, { body: 'Still there?' });
  return res.json<ConversationStarted>();
}

/**
 * Sends a message as a person's browser would: a 503 (a lock waited on too long while fifty sends queue
 * on a busy machine) is sent again, as its Retry-After asks.
 */
async function send(who: TestUser, conversationId: string, body: string): Promise<Message> {
  for (let tries = 1; ; tries++) {
    const res = await who.client.post(`/api/conversations/${conversationId}/messages`, { body });
    if (res.statusCode !== 503 || tries === 5) {
      expect(res.statusCode, res.body).toBe(201);
      return res.json<Message>();
    }
    await new Promise((done) => setTimeout(done, 200 * tries));
  }
}

describe('GET /api/my/events', () => {
  it('sends both people each message and each read, numbered in order', async () => {
    const buyer = await signUp(ctx.app, 'buyer');
    const [buyerStream, sellerStream] = [await stream(buyer), await stream(seller)];
    expect(buyerStream.status).toBe(200);
    expect(buyerStream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(buyerStream.headers['cache-control']).toMatch(/no-cache/);
    // Sent at once: the headers leave with it, and a browser learns when to reconnect.
    expect(await buyerStream.retry).toBe(3000);

    const { conversation, message } = await conversationOf(buyer);
    const first = await sellerStream.next();
    expect(first.event).toBe('message');
    expect(JSON.parse(first.data)).toMatchObject({
      id: message.id,
      conversationId: conversation.id,
      body: 'Still there?',
    });
    expect((await buyerStream.next()).event).toBe('message');

    // The seller reads it, then answers (writing marks everything before it read as well).
    await seller.client.post(`/api/conversations/${conversation.id}/read`, { upTo: message.id });
    const answer = await send(seller, conversation.id, 'Yes');
    const [read, answered] = [await buyerStream.next(), await buyerStream.next()];
    expect(JSON.parse(answered.data)).toMatchObject({ id: answer.id, body: 'Yes' });
    expect(read.event).toBe('read');
    expect(JSON.parse(read.data)).toEqual({
      conversationId: conversation.id,
      readerId: seller.id,
      upTo: message.id,
    });
    const ids = buyerStream.events.map((event) => Number(event.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sends a stream that reconnects with Last-Event-ID everything it missed, once, in order', async () => {
    const buyer = await signUp(ctx.app, 'buyer');
    const first = await stream(buyer);
    const { conversation } = await conversationOf(buyer);
    const seen = await first.next();
    first.close();

    const missed: string[] = [];
    for (let n = 1; n <= 5; n++) missed.push((await send(seller, conversation.id, `missed ${n}`)).id);
    const resumed = await stream(buyer, seen.id!);
    const replayed = await resumed.waitFor(5);
    expect(replayed.map((event) => JSON.parse(event.data).id)).toEqual(missed);
    // Then live ones, and nothing twice.
    const live = await send(seller, conversation.id, 'live');
    expect(JSON.parse((await resumed.next()).data).id).toBe(live.id);
    await new Promise((done) => setTimeout(done, 200));
    expect(resumed.events).toHaveLength(6);

    // A number from the future (or forged) is taken as "now", not as a reason to send nothing forever.
    const ahead = await stream(buyer, '999999999');
    const after = await send(seller, conversation.id, 'after');
    expect(JSON.parse((await ahead.next()).data).id).toBe(after.id);
  });

  it('delivers fifty messages sent at once by both people, each exactly once, in the order they commit', async () => {
    const buyer = await signUp(ctx.app, 'buyer');
    const watching = await stream(seller);
    const { conversation, message } = await conversationOf(buyer);
    await watching.next();
    const sent = await Promise.all(
      Array.from({ length: 50 }, (_, n) => send(n % 2 ? seller : buyer, conversation.id, `burst ${n}`)),
    );
    const received = (await watching.waitFor(51, 20_000))
      .slice(1)
      .map((event) => JSON.parse(event.data) as Message);
    expect(new Set(received.map((m) => m.id))).toEqual(new Set(sent.map((m) => m.id)));
    // The thread's order is the stream's order.
    const thread = (
      await buyer.client.get(`/api/conversations/${conversation.id}/messages?after=${message.id}`)
    ).json<{
      items: Message[];
    }>();
    expect(received.map((m) => m.id)).toEqual(thread.items.map((m) => m.id));
  });

  it('ends the stream when its session ends', async () => {
    const buyer = await signUp(ctx.app, 'buyer');
    const watching = await stream(buyer);
    const signOut = await buyer.client.post('/api/auth/sign-out', {});
    expect(signOut.statusCode).toBe(200);
    await expect(
      Promise.race([
        watching.ended.then(() => 'ended'),
        new Promise((done) => setTimeout(() => done('open'), 2000)),
      ]),
    ).resolves.toBe('ended');
  });

  it('holds at most ten streams for one person on one instance, then answers 429', async () => {
    const buyer = await signUp(ctx.app, 'buyer');
    const held = [];
    for (let n = 0; n < 10; n++) held.push(await stream(buyer));
    expect(held.map((one) => one.status)).toEqual(Array(10).fill(200));
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/my/events',
      headers: { cookie: buyer.client.cookie!, origin: TEST_ORIGIN },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('3');
    expect(refused.json<{ error: { message: string } }>().error.message).toMatch(/too many live connections/);
    // Closing one frees its place.
    held[0]!.close();
    await held[0]!.ended.catch(() => {});
    let again = await stream(buyer);
    for (let tries = 0; again.status === 429 && tries < 50; tries++) {
      await new Promise((done) => setTimeout(done, 20));
      again = await stream(buyer);
    }
    expect(again.status).toBe(200);
    for (const one of held) one.close();
  });

  it('refuses a visitor and a malformed Last-Event-ID in the error format', async () => {
    const visitor = await stream(null);
    expect(visitor.status).toBe(401);
    const buyer = await signUp(ctx.app, 'buyer');
    for (const bad of ['abc', '-1', '1.5', '1'.repeat(20)]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/my/events',
        headers: { cookie: buyer.client.cookie!, origin: TEST_ORIGIN, 'last-event-id': bad },
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json<{ error: { code: string } }>().error.code).toBeTruthy();
    }
    // An administrator has no conversations, so no stream.
    const admin = await signUp(ctx.app, 'admin');
    expect((await stream(admin)).status).toBe(403);
  });
});

describe('LiveEvents', () => {
  const viewer = (id: string): Viewer => ({
    id,
    name: 'x',
    email: 'x@example.test',
    image: null,
    role: 'buyer',
    verified: false,
    emailVerified: false,
    locale: 'en',
  });

  it('writes a comment line on every stream, and ends those whose session is gone', async () => {
    const buyer = await signUp(ctx.app, 'buyer');
    const live = new LiveEvents(ctx.database.db, ctx.app.changes, ctx.app.log, { pingMs: 50 });
    let signedIn = true;
    const pings: number[] = [];
    let closed = false;
    const got: LiveEvent[] = [];
    await live.open(buyer.id, null, {
      send: async (event) => {
        got.push(event);
      },
      ping: () => pings.push(Date.now()),
      close: () => {
        closed = true;
      },
      stillSignedIn: async () => signedIn,
    });
    await new Promise((done) => setTimeout(done, 180));
    expect(pings.length).toBeGreaterThanOrEqual(2);
    expect(live.size).toBe(1);
    // The hub hears events for this person from the service as they commit.
    const product = await insertProduct(ctx.database.db, seller.id);
    await ctx.app.services.conversations.start(viewer(buyer.id), product.id, 'Hello');
    await new Promise((done) => setTimeout(done, 100));
    expect(got.map((event) => event.event)).toEqual(['message']);
    signedIn = false;
    await new Promise((done) => setTimeout(done, 120));
    expect(closed).toBe(true);
    expect(live.size).toBe(0);
    await live.close();
  });
});
