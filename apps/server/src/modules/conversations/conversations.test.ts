/**
 * Conversations through the API against a real database: starting one, writing, reading, the masking
 * of contact details until a booking, who may see what, blocks, reports, photos, pace and mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Conversation, ConversationStarted, Message, MessagesPage } from '@furniture-mart/shared';
import {
  createTestApp,
  signUp,
  TestClient,
  type TestContext,
  type TestUser,
} from '../../../test/helpers/app.js';
import { insertBooking, insertProduct } from '../../../test/helpers/fixtures.js';
import {
  multipartBody,
  solidJpeg,
  rotatedJpegWithGps,
  hasGpsDirectory,
} from '../../../test/helpers/images.js';
import { conversationMessages, conversations, mailOutbox, users } from '../../platform/db/schema.js';
import sharp from 'sharp';

let ctx: TestContext;
let seller: TestUser;
let buyer: TestUser;
let stranger: TestUser;
let otherSeller: TestUser;
let admin: TestUser;

const HIDDEN = '[shared after booking]';

async function countRows(table: typeof conversations | typeof conversationMessages, where?: SQL) {
  const [row] = await ctx.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  return row!.n;
}

/** Accounts older than a day get the full pace; new ones a smaller one (tested below). */
async function ageAccount(user: TestUser, days = 2) {
  await ctx.database.db
    .update(users)
    .set({ createdAt: sql`now() - make_interval(days => ${days})` })
    .where(eq(users.id, user.id));
}

beforeAll(async () => {
  // The product's own pace, not the test default.
  ctx = await createTestApp({
    MESSAGES_PER_MINUTE: '30',
    NEW_ACCOUNT_MESSAGES_PER_MINUTE: '10',
    CONVERSATIONS_PER_DAY: '20',
    NEW_ACCOUNT_CONVERSATIONS_PER_DAY: '5',
  });
  seller = await signUp(ctx.app, 'seller', { name: 'Rahima Begum', verified: true });
  buyer = await signUp(ctx.app, 'buyer', { name: 'Karim Uddin' });
  stranger = await signUp(ctx.app, 'buyer');
  otherSeller = await signUp(ctx.app, 'seller');
  admin = await signUp(ctx.app, 'admin');
  for (const user of [seller, buyer, stranger, otherSeller]) await ageAccount(user);
});
afterAll(() => ctx.close());

async function start(who: TestUser, productId: string, body = 'Is it still available?') {
  return who.client.post(`/api/products/${productId}/conversations`, { body });
}

async function newConversation(who: TestUser = buyer, owner: TestUser = seller) {
  const product = await insertProduct(ctx.database.db, owner.id);
  const res = await start(who, product.id);
  expect(res.statusCode, res.body).toBe(201);
  return { product, ...res.json<ConversationStarted>() };
}

describe('starting a conversation', () => {
  it('starts one from the product, and asking again writes in the same one', async () => {
    const product = await insertProduct(ctx.database.db, seller.id);
    const first = await start(buyer, product.id, 'Is it still available?');
    expect(first.statusCode).toBe(201);
    const started = first.json<ConversationStarted>();
    expect(started.conversation).toMatchObject({
      role: 'buyer',
      product: { id: product.id, title: product.title, status: 'available' },
      counterpart: { id: seller.id, name: 'Rahima Begum', verified: true },
      unread: 0,
      booked: false,
    });
    expect(started.message).toMatchObject({
      senderId: buyer.id,
      body: 'Is it still available?',
      masked: false,
      removed: false,
      photos: [],
    });

    const again = await start(buyer, product.id, 'Does the top come off?');
    expect(again.statusCode).toBe(200);
    expect(again.json<ConversationStarted>().conversation.id).toBe(started.conversation.id);
    expect(await countRows(conversations, eq(conversations.productId, product.id))).toBe(1);

    // The seller sees it in their list with one unread message... two.
    const list = await seller.client.get('/api/my/conversations');
    const mine = list.json<{ items: Conversation[] }>().items.find((c) => c.id === started.conversation.id);
    expect(mine).toMatchObject({
      role: 'seller',
      counterpart: { id: buyer.id, name: 'Karim Uddin' },
      unread: 2,
      lastMessage: { body: 'Does the top come off?' },
    });
  });

  it('refuses a sold, removed, unknown or own product, a seller and a visitor, storing nothing', async () => {
    const sold = await insertProduct(ctx.database.db, seller.id, { status: 'sold' });
    const removed = await insertProduct(ctx.database.db, seller.id, { deletedAt: new Date() });
    const own = await insertProduct(ctx.database.db, otherSeller.id);
    const before = await countRows(conversationMessages);

    expect((await start(buyer, sold.id)).statusCode).toBe(409);
    expect((await start(buyer, removed.id)).statusCode).toBe(404);
    expect((await start(buyer, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await start(buyer, 'not-an-id')).statusCode).toBe(400);
    // A seller, even about someone else's product, answers buyers; they do not start conversations.
    expect((await start(otherSeller, own.id)).statusCode).toBe(403);
    expect(
      (await new TestClient(ctx.app).post(`/api/products/${own.id}/conversations`, { body: 'hi' }))
        .statusCode,
    ).toBe(401);
    expect((await start(admin, own.id)).statusCode).toBe(403);

    expect(await countRows(conversationMessages)).toBe(before);
  });

  it('refuses an empty, blank or too long message with a reason, storing nothing', async () => {
    const product = await insertProduct(ctx.database.db, seller.id);
    for (const body of ['', '   \n  ', 'x'.repeat(2001), 42, null]) {
      const res = await buyer.client.post(`/api/products/${product.id}/conversations`, { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ error: { fields: Record<string, string> } }>().error.fields.body).toBeTruthy();
    }
    expect((await buyer.client.post(`/api/products/${product.id}/conversations`, {})).statusCode).toBe(400);
    expect(await countRows(conversations, eq(conversations.productId, product.id))).toBe(0);
    // 2,000 characters is allowed; line breaks are kept.
    const long = await start(buyer, product.id, `${'x'.repeat(1990)}\nsecond`);
    expect(long.statusCode).toBe(201);
    expect(long.json<ConversationStarted>().message.body).toContain('\nsecond');
  });
});

describe('only its two people', () => {
  it('answers anyone else the 404 of an unknown id, on every route', async () => {
    const { conversation, message } = await newConversation();
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/conversations/${conversation.id}`],
      ['GET', `/api/conversations/${conversation.id}/messages`],
      ['POST', `/api/conversations/${conversation.id}/messages`, { body: 'hello' }],
      ['POST', `/api/conversations/${conversation.id}/read`, { upTo: message.id }],
      ['POST', `/api/conversations/${conversation.id}/block`],
      ['DELETE', `/api/conversations/${conversation.id}/block`],
      ['POST', `/api/messages/${message.id}/report`, { reason: 'spam' }],
    ];
    for (const who of [stranger, otherSeller]) {
      for (const [method, url, body] of routes) {
        const res = await who.client.request(method as 'GET', url, body);
        expect(res.statusCode, `${who.role} ${method} ${url}`).toBe(404);
      }
    }
    for (const [method, url, body] of routes) {
      expect((await admin.client.request(method as 'GET', url, body)).statusCode, url).toBe(403);
      expect((await new TestClient(ctx.app).request(method as 'GET', url, body)).statusCode, url).toBe(401);
    }
    // Not in anyone else's list either.
    const list = (await stranger.client.get('/api/my/conversations')).json<{ items: Conversation[] }>();
    expect(list.items.map((c) => c.id)).not.toContain(conversation.id);
  });

  it('lets the seller answer and both read the thread in order', async () => {
    const { conversation } = await newConversation();
    const answer = await seller.client.post(`/api/conversations/${conversation.id}/messages`, {
      body: 'Yes, still here.',
    });
    expect(answer.statusCode).toBe(201);
    for (const who of [buyer, seller]) {
      const page = (
        await who.client.get(`/api/conversations/${conversation.id}/messages`)
      ).json<MessagesPage>();
      expect(page.items.map((m) => m.body)).toEqual(['Is it still available?', 'Yes, still here.']);
      expect(page.hasOlder).toBe(false);
    }
  });
});

describe('messages after a cursor, and pages before one', () => {
  it('answers the messages after one, oldest first, and older pages', async () => {
    // People of their own: the pace of the others is left for the other tests.
    const [talker, answerer] = [await signUp(ctx.app, 'buyer'), await signUp(ctx.app, 'seller')];
    for (const user of [talker, answerer]) await ageAccount(user);
    const { conversation, message: first } = await newConversation(talker, answerer);
    const sent: Message[] = [first];
    for (let n = 1; n <= 54; n++) {
      const who = n % 2 ? answerer : talker;
      const res = await who.client.post(`/api/conversations/${conversation.id}/messages`, { body: `m${n}` });
      sent.push(res.json<Message>());
    }
    const url = `/api/conversations/${conversation.id}/messages`;
    const latest = (await talker.client.get(url)).json<MessagesPage>();
    expect(latest.items).toHaveLength(50);
    expect(latest.items.at(-1)!.body).toBe('m54');
    expect(latest.hasOlder).toBe(true);
    const older = (await talker.client.get(`${url}?before=${latest.items[0]!.id}`)).json<MessagesPage>();
    expect(older.items.map((m) => m.body)).toEqual(['Is it still available?', 'm1', 'm2', 'm3', 'm4']);
    expect(older.hasOlder).toBe(false);
    const after = (await talker.client.get(`${url}?after=${sent[51]!.id}`)).json<MessagesPage>();
    expect(after.items.map((m) => m.body)).toEqual(['m52', 'm53', 'm54']);

    // A cursor that is not one of this conversation's messages, or not an id at all: 400.
    const { message: elsewhere } = await newConversation();
    for (const query of [`after=${elsewhere.id}`, 'after=abc', `after=${first.id}&before=${first.id}`]) {
      const res = await talker.client.get(`${url}?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('reading', () => {
  it('counts what waits unread, and marks it read up to a message, never back', async () => {
    const { conversation, message } = await newConversation();
    const unreadBefore = (await seller.client.get('/api/my/unread')).json<{ messages: number }>().messages;
    const second = (
      await buyer.client.post(`/api/conversations/${conversation.id}/messages`, { body: 'And the price?' })
    ).json<Message>();
    expect((await seller.client.get('/api/my/unread')).json<{ messages: number }>().messages).toBe(
      unreadBefore + 1,
    );

    const read = await seller.client.post(`/api/conversations/${conversation.id}/read`, { upTo: second.id });
    expect(read.statusCode).toBe(200);
    expect(read.json<{ messages: number }>().messages).toBe(unreadBefore - 1);
    // Marking an earlier message read again changes nothing.
    await seller.client.post(`/api/conversations/${conversation.id}/read`, { upTo: message.id });
    expect(
      (await seller.client.get(`/api/conversations/${conversation.id}`)).json<Conversation>().unread,
    ).toBe(0);
    // The buyer's own messages never count as unread for the buyer.
    expect(
      (await buyer.client.get(`/api/conversations/${conversation.id}`)).json<Conversation>().unread,
    ).toBe(0);
    expect(
      (await seller.client.post(`/api/conversations/${conversation.id}/read`, { upTo: 'x' })).statusCode,
    ).toBe(400);
  });
});

describe('contact details kept back until a booking', () => {
  it('replaces them in what is stored and delivered, and says so', async () => {
    const { conversation } = await newConversation();
    const res = await buyer.client.post(`/api/conversations/${conversation.id}/messages`, {
      body: 'Call me on 01711-223344 or write to karim at gmail dot com',
    });
    expect(res.statusCode).toBe(201);
    const message = res.json<Message>();
    expect(message.masked).toBe(true);
    expect(message.body).toBe(`Call me on ${HIDDEN} or write to ${HIDDEN}`);
    const [stored] = await ctx.database.db
      .select({ body: conversationMessages.body })
      .from(conversationMessages)
      .where(eq(conversationMessages.id, message.id));
    expect(stored!.body).not.toContain('223344');
    // The seller too, in Bangla digits.
    const answer = await seller.client.post(`/api/conversations/${conversation.id}/messages`, {
      body: 'আমার নম্বর ০১৮১১ ২২৩৩৪৪, দাম ৳১২,৫০০',
    });
    expect(answer.json<Message>()).toMatchObject({ masked: true, body: `আমার নম্বর ${HIDDEN}, দাম ৳১২,৫০০` });
    // Prices, sizes and years are left alone.
    const plain = await buyer.client.post(`/api/conversations/${conversation.id}/messages`, {
      body: 'Would you take 12,500 for the 3 seater, 180 x 90 cm, bought in 2019?',
    });
    expect(plain.json<Message>().masked).toBe(false);
  });

  it('leaves them once the buyer has booked the product', async () => {
    const { conversation, product } = await newConversation();
    await insertBooking(ctx.database.db, product.id, buyer.id);
    const res = await seller.client.post(`/api/conversations/${conversation.id}/messages`, {
      body: 'Call me on 01711-223344 when you arrive',
    });
    expect(res.json<Message>()).toMatchObject({
      masked: false,
      body: 'Call me on 01711-223344 when you arrive',
    });
    expect(
      (await buyer.client.get(`/api/conversations/${conversation.id}`)).json<Conversation>().booked,
    ).toBe(true);
  });
});

describe('blocking', () => {
  it('stops the blocked person writing, and starting again, until it is lifted', async () => {
    const { conversation, product } = await newConversation();
    const block = await seller.client.post(`/api/conversations/${conversation.id}/block`);
    expect(block.json()).toEqual({ conversationId: conversation.id, blockedByMe: true });

    const before = await countRows(conversationMessages);
    const blocked = await buyer.client.post(`/api/conversations/${conversation.id}/messages`, {
      body: 'Hello?',
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json<{ error: { code: string; message: string } }>().error).toMatchObject({
      code: 'BLOCKED',
      message: 'This person does not accept messages from you.',
    });
    // The blocker cannot write either, and is told why.
    const blocker = await seller.client.post(`/api/conversations/${conversation.id}/messages`, {
      body: 'Hi',
    });
    expect(blocker.statusCode).toBe(403);
    expect(blocker.json<{ error: { message: string } }>().error.message).toMatch(/Unblock/);
    // No new conversation about another of the seller's products.
    const another = await insertProduct(ctx.database.db, seller.id);
    expect((await start(buyer, another.id)).statusCode).toBe(403);
    expect((await start(buyer, product.id)).statusCode).toBe(403);
    expect(await countRows(conversationMessages)).toBe(before);
    expect(
      (await buyer.client.get(`/api/conversations/${conversation.id}`)).json<Conversation>(),
    ).toMatchObject({
      blockedByThem: true,
      blockedByMe: false,
    });

    await seller.client.delete(`/api/conversations/${conversation.id}/block`);
    expect(
      (await buyer.client.post(`/api/conversations/${conversation.id}/messages`, { body: 'Hello?' }))
        .statusCode,
    ).toBe(201);
  });
});

describe('reporting a message', () => {
  it('puts it in the admin queue with the conversation around it; the admin removes it', async () => {
    const { conversation } = await newConversation();
    const nasty = (
      await seller.client.post(`/api/conversations/${conversation.id}/messages`, {
        body: 'Send the money first or else',
      })
    ).json<Message>();

    expect(
      (await seller.client.post(`/api/messages/${nasty.id}/report`, { reason: 'scam' })).statusCode,
    ).toBe(400);
    expect(
      (await buyer.client.post(`/api/messages/${nasty.id}/report`, { reason: 'wrong_condition' })).statusCode,
    ).toBe(400);
    const report = await buyer.client.post(`/api/messages/${nasty.id}/report`, {
      reason: 'scam',
      details: 'Asks for money before we meet',
    });
    expect(report.statusCode).toBe(201);
    expect((await buyer.client.post(`/api/messages/${nasty.id}/report`, { reason: 'scam' })).statusCode).toBe(
      409,
    );

    const queue = (await admin.client.get('/api/admin/reports?pageSize=100')).json<{
      items: {
        id: string;
        reason: string;
        message: { id: string; around: Message[]; sender: { id: string } } | null;
      }[];
    }>();
    const row = queue.items.find((item) => item.message?.id === nasty.id)!;
    expect(row).toMatchObject({ reason: 'scam', message: { sender: { id: seller.id } } });
    expect(row.message!.around.map((m) => m.body)).toEqual([
      'Is it still available?',
      'Send the money first or else',
    ]);
    // Removing the product is not the answer to a message.
    expect((await admin.client.delete(`/api/admin/reports/${row.id}/product`)).statusCode).toBe(409);

    expect((await admin.client.delete(`/api/admin/reports/${row.id}/message`)).statusCode).toBe(204);
    const thread = (
      await buyer.client.get(`/api/conversations/${conversation.id}/messages`)
    ).json<MessagesPage>();
    expect(thread.items.at(-1)).toMatchObject({ id: nasty.id, removed: true, body: '' });
    const audit = (await admin.client.get('/api/admin/audit')).json<{
      items: { action: string; targetId: string }[];
    }>();
    expect(audit.items[0]).toMatchObject({ action: 'message.remove', targetId: nasty.id });
    // Done once: the report is closed.
    expect((await admin.client.delete(`/api/admin/reports/${row.id}/message`)).statusCode).toBe(404);
    // A removed message no longer counts as unread.
    expect(
      (await buyer.client.get(`/api/conversations/${conversation.id}`)).json<Conversation>().unread,
    ).toBe(0);
  });
});

describe('photos in a message', () => {
  async function upload(who: TestUser, conversationId: string, file?: Buffer) {
    const { payload, contentType } = await multipartBody([
      { filename: 'back.jpg', data: file ?? (await solidJpeg()) },
    ]);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/photos`,
      headers: { cookie: who.client.cookie!, origin: 'http://localhost:3000', 'content-type': contentType },
      payload,
    });
  }

  it('goes through the photo pipeline and is readable by the two people only', async () => {
    const { conversation } = await newConversation();
    const uploaded = await upload(seller, conversation.id, await rotatedJpegWithGps());
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const photo = uploaded.json<{ id: string; url: string; thumbUrl: string }>();
    // Before it is sent, only its uploader sees it.
    expect((await buyer.client.get(photo.url)).statusCode).toBe(404);

    const sent = await seller.client.post(`/api/conversations/${conversation.id}/messages`, {
      body: 'Here is the back',
      photoIds: [photo.id],
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json<Message>().photos).toMatchObject([{ id: photo.id }]);

    const seen = await buyer.client.get(photo.url);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/webp');
    expect(seen.headers['cache-control']).toMatch(/^private/);
    const meta = await sharp(seen.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif && hasGpsDirectory(meta.exif)).toBeFalsy();
    expect((await buyer.client.get(photo.thumbUrl)).statusCode).toBe(200);

    for (const who of [stranger, otherSeller]) expect((await who.client.get(photo.url)).statusCode).toBe(404);
    expect((await new TestClient(ctx.app).get(photo.url)).statusCode).toBe(401);
    // An administrator sees it only once the message is reported.
    expect((await admin.client.get(photo.url)).statusCode).toBe(404);
    await buyer.client.post(`/api/messages/${sent.json<Message>().id}/report`, { reason: 'other' });
    expect((await admin.client.get(photo.url)).statusCode).toBe(200);

    // The file itself is not served by the public media route under any spelling.
    const [row] = await ctx.database.db
      .execute(sql`select display_key from message_photos where id = ${photo.id}`)
      .then((result) => (result as unknown as { rows: { display_key: string }[] }).rows);
    expect(row!.display_key).toMatch(/^private-/);
    expect((await buyer.client.get(`/media/uploads/${row!.display_key}`)).statusCode).toBeGreaterThanOrEqual(
      400,
    );
  });

  it("refuses a photo that is not the sender's, one already sent, or more than four", async () => {
    const { conversation } = await newConversation();
    const theirs = (await upload(seller, conversation.id)).json<{ id: string }>();
    const before = await countRows(conversationMessages);
    const res = await buyer.client.post(`/api/conversations/${conversation.id}/messages`, {
      body: 'look',
      photoIds: [theirs.id],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { fields: Record<string, string> } }>().error.fields.photoIds).toBeTruthy();
    const five = await buyer.client.post(`/api/conversations/${conversation.id}/messages`, {
      body: 'look',
      photoIds: Array.from({ length: 5 }, () => crypto.randomUUID()),
    });
    expect(five.statusCode).toBe(400);
    expect(await countRows(conversationMessages)).toBe(before);
    // A stranger cannot upload into it.
    expect((await upload(stranger, conversation.id)).statusCode).toBe(404);
  });
});

describe('pace', () => {
  it('answers 429 with Retry-After past the messages a minute, fewer for a new account', async () => {
    const young = await signUp(ctx.app, 'buyer');
    const product = await insertProduct(ctx.database.db, seller.id);
    const first = await start(young, product.id);
    const { conversation } = first.json<ConversationStarted>();
    let refused = null;
    for (let n = 2; n <= 11 && !refused; n++) {
      const res = await young.client.post(`/api/conversations/${conversation.id}/messages`, {
        body: `m${n}`,
      });
      if (res.statusCode === 429) refused = { n, res };
      else expect(res.statusCode).toBe(201);
    }
    expect(refused?.n).toBe(11);
    expect(Number(refused!.res.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused!.res.json<{ error: { code: string } }>().error.code).toBe('RATE_LIMITED');
  });

  it('holds the pace for requests sent all at once', async () => {
    const fast = await signUp(ctx.app, 'buyer');
    await ageAccount(fast);
    const product = await insertProduct(ctx.database.db, seller.id);
    const { conversation } = (await start(fast, product.id)).json<ConversationStarted>();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        fast.client.post(`/api/conversations/${conversation.id}/messages`, { body: `burst ${n}` }),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(29);
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(21);
  });

  it('limits the conversations a new account starts in a day', async () => {
    const young = await signUp(ctx.app, 'buyer');
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) {
      const product = await insertProduct(ctx.database.db, seller.id);
      statuses.push((await start(young, product.id)).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

describe('mail about unread messages', () => {
  it('mails the reader once, ten minutes on, without the words; never when turned off', async () => {
    const buyer = await signUp(ctx.app, 'buyer', { name: 'Karim Uddin' });
    const seller = await signUp(ctx.app, 'seller');
    const { conversation, product } = await newConversation(buyer, seller);
    const service = ctx.app.services.conversations;
    const mailsTo = (email: string) =>
      ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    const before = (await mailsTo(seller.email)).length;

    await service.mailUnreadOnce(new Date(Date.now() + 5 * 60_000));
    expect((await mailsTo(seller.email)).length).toBe(before);

    await service.mailUnreadOnce(new Date(Date.now() + 11 * 60_000));
    const mails = await mailsTo(seller.email);
    expect(mails.length).toBe(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.subject).toBe(`New message from Karim Uddin about ${product.title}`);
    expect(mail.textBody).toContain(`/dashboard/messages/${conversation.id}`);
    expect(mail.textBody).not.toContain('Is it still available?');

    // Another message within the hour: no second mail.
    await buyer.client.post(`/api/conversations/${conversation.id}/messages`, { body: 'Hello again' });
    await service.mailUnreadOnce(new Date(Date.now() + 30 * 60_000));
    expect((await mailsTo(seller.email)).length).toBe(before + 1);
    // After the hour, one more.
    await service.mailUnreadOnce(new Date(Date.now() + 75 * 60_000));
    expect((await mailsTo(seller.email)).length).toBe(before + 2);

    // Read messages are not mailed, and the buyer can turn the mail off.
    const off = await buyer.client.put('/api/my/message-mail', { enabled: false });
    expect(off.json()).toEqual({ enabled: false });
    expect((await buyer.client.get('/api/my/message-mail')).json()).toEqual({ enabled: false });
    await seller.client.post(`/api/conversations/${conversation.id}/messages`, { body: 'Yes' });
    await service.mailUnreadOnce(new Date(Date.now() + 11 * 60_000));
    expect((await mailsTo(buyer.email)).filter((m) => m.subject.startsWith('New message'))).toHaveLength(0);
    expect((await buyer.client.put('/api/my/message-mail', { enabled: 'no' })).statusCode).toBe(400);
  });
});
