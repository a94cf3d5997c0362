import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/client.js';
import { categories } from '../../platform/db/schema.js';
import { NotFound } from '../../platform/errors.js';
import { createTestDatabase } from '../../../test/helpers/database.js';
import { CategoriesService } from './categories.service.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** Counts the statements the service sends. */
function countingService() {
  const seen = { statements: 0 };
  const db = new Proxy(database.db, {
    get(target, key, receiver) {
      if (key === 'select') seen.statements += 1;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { service: new CategoriesService({ db }), seen };
}

describe('CategoriesService', () => {
  it('reads the categories once, then answers by id (any case) or slug from memory', async () => {
    const { service, seen } = countingService();
    const list = await service.list();
    expect(list.length).toBeGreaterThan(0);
    const first = list[0]!;
    expect(await service.get(first.id)).toEqual(first);
    expect(await service.get(first.id.toUpperCase())).toEqual(first);
    expect(await service.get(first.slug)).toEqual(first);
    expect(seen.statements).toBe(1);
  });

  it('finds a category added after the first read, and still refuses an unknown one', async () => {
    const { service } = countingService();
    await service.list();
    const [added] = await database.db
      .insert(categories)
      .values({ slug: 'garden', title: 'Garden', thumbnailUrl: '/images/garden.webp', position: 99 })
      .returning();
    expect((await service.get('garden')).id).toBe(added!.id);
    await expect(service.get('no-such-category')).rejects.toBeInstanceOf(NotFound);
  });
});
