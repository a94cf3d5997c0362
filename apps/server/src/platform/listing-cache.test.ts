import { describe, expect, it } from 'vitest';
import { ListingCache } from './listing-cache.js';

/** A load that counts its calls and finishes when told to. */
function loader<T>(value: T) {
  const pending: ((value: T) => void)[] = [];
  const load = () => new Promise<T>((resolve) => pending.push(resolve));
  return {
    load,
    calls: () => pending.length,
    finish: () => pending.splice(0).forEach((resolve) => resolve(value)),
  };
}

function clock(start = 1_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('ListingCache', () => {
  it('answers a key from memory until its time to live has passed, refreshing it once just before', async () => {
    const time = clock();
    const cache = new ListingCache(5_000, 100, time.now);
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    expect(await cache.read('a', load)).toBe(1);
    time.advance(3_999);
    expect(await cache.read('a', load)).toBe(1);
    expect(await cache.read('b', load)).toBe(2);
    time.advance(1);
    // Its last second: the kept answer still, while one fresh read replaces it.
    const refresh = loader(3);
    expect(await cache.read('a', refresh.load)).toBe(1);
    expect(await cache.read('a', refresh.load)).toBe(1);
    expect(refresh.calls()).toBe(1);
    refresh.finish();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.read('a', load)).toBe(3);
  });

  it('never answers a copy once its time to live has passed, however long nobody asked', async () => {
    const time = clock();
    const cache = new ListingCache(5_000, 100, time.now);
    await cache.read('a', () => Promise.resolve('old'));
    time.advance(20_000);
    expect(await cache.read('a', () => Promise.resolve('new'))).toBe('new');
    // The time to live counts from when the read began, not from when it finished.
    const slow = loader('slow');
    const reading = cache.read('b', slow.load);
    time.advance(5_000);
    slow.finish();
    expect(await reading).toBe('slow');
    expect(await cache.read('b', () => Promise.resolve('fresh'))).toBe('fresh');
  });

  it('keeps nothing while told not to, and drops what it had', async () => {
    const cache = new ListingCache(5_000);
    await cache.read('a', () => Promise.resolve('old'));
    cache.setKeeping(false);
    expect(cache.isKeeping).toBe(false);
    expect(await cache.read('a', () => Promise.resolve('one'))).toBe('one');
    expect(await cache.read('a', () => Promise.resolve('two'))).toBe('two');
    cache.setKeeping(true);
    expect(await cache.read('a', () => Promise.resolve('three'))).toBe('three');
    expect(await cache.read('a', () => Promise.resolve('four'))).toBe('three');
  });

  it('announces its own changes, not those it is told about', async () => {
    const cache = new ListingCache(5_000);
    let announced = 0;
    cache.onChange = () => announced++;
    await cache.read('a', () => Promise.resolve('old'));
    cache.dropAll();
    expect(announced).toBe(0);
    expect(await cache.read('a', () => Promise.resolve('after drop'))).toBe('after drop');
    cache.changed();
    expect(announced).toBe(1);
    expect(await cache.read('a', () => Promise.resolve('after change'))).toBe('after change');
  });

  it('never answers a kept value after a change, even one being refreshed', async () => {
    const time = clock();
    const cache = new ListingCache(5_000, 100, time.now);
    await cache.read('a', () => Promise.resolve('old'));
    time.advance(4_500);
    const refresh = loader('read before the change');
    expect(await cache.read('a', refresh.load)).toBe('old');
    cache.changed();
    refresh.finish();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.read('a', () => Promise.resolve('read after the change'))).toBe(
      'read after the change',
    );
  });

  it('forgets a key whose refresh fails', async () => {
    const time = clock();
    const cache = new ListingCache(5_000, 100, time.now);
    await cache.read('a', () => Promise.resolve('old'));
    time.advance(4_500);
    expect(await cache.read('a', () => Promise.reject(new Error('database away')))).toBe('old');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.read('a', () => Promise.resolve('new'))).toBe('new');
  });

  it('freezes what it keeps, since every reader shares it', async () => {
    const cache = new ListingCache(5_000);
    const page = await cache.read('a', () => Promise.resolve({ items: [{ title: 'Oak table' }], total: 1 }));
    expect(Object.isFrozen(page)).toBe(true);
    expect(Object.isFrozen(page.items[0])).toBe(true);
  });

  it('shares one load between concurrent reads of a key', async () => {
    const cache = new ListingCache(5_000);
    const page = loader('page');
    const reads = [cache.read('a', page.load), cache.read('a', page.load), cache.read('a', page.load)];
    expect(page.calls()).toBe(1);
    page.finish();
    expect(await Promise.all(reads)).toEqual(['page', 'page', 'page']);
  });

  it('never answers after a change what was read, or was being read, before it', async () => {
    const cache = new ListingCache(60_000);
    let loads = 0;
    expect(await cache.read('a', () => Promise.resolve(`before ${++loads}`))).toBe('before 1');

    const slow = loader('read before the change');
    const inFlight = cache.read('b', slow.load);
    cache.changed();
    slow.finish();
    // The caller that asked before the change gets its answer...
    expect(await inFlight).toBe('read before the change');
    // ...but nobody after the change does.
    expect(await cache.read('a', () => Promise.resolve(`after ${++loads}`))).toBe('after 2');
    expect(await cache.read('b', () => Promise.resolve('read after the change'))).toBe(
      'read after the change',
    );
  });

  it('does not keep a failed load', async () => {
    const cache = new ListingCache(60_000);
    await expect(cache.read('a', () => Promise.reject(new Error('database away')))).rejects.toThrow(
      'database away',
    );
    expect(await cache.read('a', () => Promise.resolve('back'))).toBe('back');
  });

  it('keeps at most its limit of keys, dropping the one kept longest', async () => {
    const cache = new ListingCache(60_000, 2);
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    await cache.read('a', load); // 1
    await cache.read('b', load); // 2
    await cache.read('c', load); // 3, and 'a' goes
    expect(await cache.read('b', load)).toBe(2);
    expect(await cache.read('c', load)).toBe(3);
    expect(await cache.read('a', load)).toBe(4);
  });

  it('reads every time when its time to live is 0', async () => {
    const cache = new ListingCache(0);
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    await cache.read('a', load);
    await cache.read('a', load);
    expect(loads).toBe(2);
  });

  it("is bounded by the answers' size, dropping the oldest first", async () => {
    const cache = new ListingCache(5_000, 1_000, Date.now, 10_000);
    const big = (tag: string) => () => Promise.resolve({ tag, text: 'x'.repeat(4_000) });
    await cache.read('a', big('a'));
    await cache.read('b', big('b'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.usage.entries).toBe(2);
    await cache.read('c', big('c'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.usage).toEqual({ entries: 2, bytes: expect.any(Number) });
    expect(cache.usage.bytes).toBeLessThanOrEqual(10_000);
    let loads = 0;
    await cache.read('a', () => Promise.resolve(++loads));
    expect(loads).toBe(1);
  });

  it('lets answers nobody reads go once their time is up', async () => {
    const time = clock();
    const cache = new ListingCache(5_000, 100, time.now);
    await cache.read('idle', () => Promise.resolve('idle'));
    await new Promise((resolve) => setImmediate(resolve));
    time.advance(5_000);
    await cache.read('busy', () => Promise.resolve('busy'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.usage.entries).toBe(1);
    expect(cache.usage.bytes).toBe(JSON.stringify('busy').length);
  });

  it('holds memory flat under many distinct queries', async () => {
    const cache = new ListingCache(5_000, 1_000, Date.now, 200_000);
    for (let i = 0; i < 500; i++) {
      await cache.read(`q${i}`, () => Promise.resolve({ items: 'y'.repeat(2_000), i }));
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.usage.bytes).toBeLessThanOrEqual(200_000);
    expect(cache.usage.entries).toBeLessThan(100);
  });
});
