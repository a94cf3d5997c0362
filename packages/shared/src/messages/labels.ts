/**
 * Names the data holds in English (a category's title, a condition, a division, a sort) as a person
 * reads them in the current language. The stored values stay as they are: they are what the API takes.
 */
import type { Condition, ProductSort } from '../enums.js';
import { isMessageKey, t } from './runtime.js';

/** `area.value` in the current language, or `fallback` when the catalogue does not name it. */
function named(area: string, value: string, fallback: string): string {
  const key = `${area}.${value}`;
  return isMessageKey(key) ? t(key) : fallback;
}

/** A category by its slug; one the catalogue does not name keeps its stored title. */
export function categoryName(slug: string, title?: string): string {
  return named('category', slug, title ?? slug);
}

export function conditionLabel(condition: Condition): string {
  return t(`condition.${condition}`);
}

/** One of the eight divisions, as stored ("Dhaka"). */
export function locationLabel(location: string): string {
  return named('location', location, location);
}

export function sortLabel(sort: ProductSort): string {
  return t(`sort.${sort}`);
}
