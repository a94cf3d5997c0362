import { asc } from 'drizzle-orm';
import { catalogueMessages, type Category } from '@furniture-mart/shared';
import type { ServiceDeps } from '../deps.js';
import { categories } from '../../platform/db/schema.js';
import { NotFound } from '../../platform/errors.js';

/**
 * Categories are reference data written only by migrations, which run before the server listens, so
 * they are read once and then answered from memory: a category page then costs no statement for its
 * category. A name not in memory is looked up again before it is called unknown, so a category added
 * to a running database is found too.
 */
export class CategoriesService {
  private loaded: Promise<Category[]> | null = null;

  constructor(private readonly deps: Pick<ServiceDeps, 'db'>) {}

  list(): Promise<Category[]> {
    if (!this.loaded) {
      this.loaded = this.read();
      // A failed read (database away) is not remembered: the next call tries again.
      this.loaded.catch(() => {
        this.loaded = null;
      });
    }
    return this.loaded;
  }

  /** A category by UUID or by its readable slug. */
  async get(idOrSlug: string): Promise<Category> {
    const find = (list: Category[]) =>
      list.find((c) => c.id === idOrSlug.toLowerCase() || c.slug === idOrSlug);
    const known = find(await this.list());
    if (known) return known;
    this.loaded = null;
    const category = find(await this.list());
    if (!category) throw new NotFound(catalogueMessages.unknownCategory);
    return category;
  }

  private async read(): Promise<Category[]> {
    return this.deps.db
      .select({
        id: categories.id,
        slug: categories.slug,
        title: categories.title,
        thumbnailUrl: categories.thumbnailUrl,
        measured: categories.measured,
      })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.title));
  }
}
