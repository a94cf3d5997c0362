import { it } from 'vitest';
import { buildReleaseApp, createWorld } from './world.js';

it('explore', async () => {
  const ctx = await buildReleaseApp();
  const w = await createWorld(ctx.app);
  const time = async (label: string, f: () => Promise<unknown>) => { const t = performance.now(); for (let i = 0; i < 300; i++) await f(); console.log(label, ((performance.now() - t) / 300).toFixed(2), 'ms'); };
  await time('me', () => w.buyer.client.get('/api/me'));
  await time('me', () => w.buyer.client.get('/api/me'));
  await time('getSession', () => ctx.app.auth.api.getSession({ headers: new Headers({ cookie: w.buyer.client.cookie! }) }));
  await time('invalid page', () => w.buyer.client.get('/api/my/bookings?page=x'));
  await time('select 1', () => ctx.database.db.execute('select 1' as any));
  await time('advertised', () => w.buyer.client.get('/api/products/advertised'));
  await ctx.close();
});
