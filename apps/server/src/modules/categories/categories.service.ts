import { asc, eq, or } from 'drizzle-orm';
import type { Category } from '@furniture-mart/shared';
import type { ServiceDeps } from '../../services.js';
import { categories } from '../../db/schema.js';
import { NotFound } from '../../lib/errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class CategoriesService {
  constructor(private readonly deps: Pick<ServiceDeps, 'db'>) {}

  async list(): Promise<Category[]> {
    return this.deps.db
      .select({
        id: categories.id,
        slug: categories.slug,
        title: categories.title,
        thumbnailUrl: categories.thumbnailUrl,
      })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.title));
  }

  /** A category by UUID or by its readable slug. */
  async get(idOrSlug: string): Promise<Category> {
    const condition = UUID.test(idOrSlug)
      ? or(eq(categories.id, idOrSlug), eq(categories.slug, idOrSlug))
      : eq(categories.slug, idOrSlug);
    const [category] = await this.deps.db
      .select({
        id: categories.id,
        slug: categories.slug,
        title: categories.title,
        thumbnailUrl: categories.thumbnailUrl,
      })
      .from(categories)
      .where(condition);
    if (!category) throw new NotFound('This category does not exist.');
    return category;
  }
}
