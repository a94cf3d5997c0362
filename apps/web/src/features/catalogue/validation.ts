import { catalogueFilterForm } from '@furniture-mart/shared';
import type { ListingFilters } from './listingState';

export type FiltersCheck =
  | { ok: true; filters: ListingFilters }
  | { ok: false; errors: Partial<Record<keyof ListingFilters, string>> };

/**
 * The listing filters' checks, with the shared schema: the filters as they are to be applied (words
 * trimmed), or the first message for each field that is wrong. In a module of its own, loaded when
 * first needed: a category page shows its filters at once, and building Zod's schemas would otherwise
 * hold up the page while it comes to life on a phone.
 */
export function checkFilters(values: ListingFilters): FiltersCheck {
  const result = catalogueFilterForm.safeParse(values);
  if (result.success) return { ok: true, filters: result.data };
  const errors: Partial<Record<keyof ListingFilters, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof ListingFilters;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
