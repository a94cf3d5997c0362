/** Card numbers never reach the logs, even at the most verbose level and on failures. */
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { Database } from '../../platform/db/client.js';
import { createTestDatabase } from '../../../test/helpers/database.js';
import { signUp, TEST_ORIGIN } from '../../../test/helpers/app.js';
import { insertBooking, insertProduct } from '../../../test/helpers/fixtures.js';

const lines: string[] = [];
let app: FastifyInstance;
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: TEST_ORIGIN,
      LOG_LEVEL: 'trace',
      RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    }),
    database,
    authSecret: randomBytes(32).toString('hex'),
    logger: { level: 'trace', stream },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

it('logs requests without the card number or security code', async () => {
  const seller = await signUp(app, 'seller');
  const buyer = await signUp(app, 'buyer');
  const product = await insertProduct(app.database.db, seller.id);
  const bookingId = await insertBooking(app.database.db, product.id, buyer.id);
  const url = `/api/bookings/${bookingId}/checkout/confirm`;
  const card = { expiry: '12/40', cvc: '987', name: 'Log Watcher' };

  expect((await buyer.client.post(url, { ...card, cardNumber: '4242 4242 4242 4241' })).statusCode).toBe(400);
  expect((await buyer.client.post(url, { ...card, cardNumber: '4000 0000 0000 9995' })).statusCode).toBe(402);
  expect((await buyer.client.post(url, { ...card, cardNumber: '4242 4242 4242 4242' })).statusCode).toBe(200);

  const logged = lines.join('\n');
  expect(logged).toContain(url);
  expect(logged.replace(/\s|-/g, '')).not.toMatch(/424242424242424[12]|4000000000009995/);
  // The request body is never logged at all, so neither is the security code.
  expect(logged).not.toMatch(/cardNumber|cvc|Log Watcher/i);
});
