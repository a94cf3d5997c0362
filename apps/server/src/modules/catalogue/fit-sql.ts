/**
 * "Fits my home" as a listing's condition: the shared fitThrough's rule written over a product's
 * columns, so the filter keeps exactly the pieces whose verdict is not "won't fit" for every opening.
 *
 * Across an opening a piece shows two of its measures (its depth may be its diagonal depth there), each
 * within the opening's width or height with the spare; the third goes through and is free, except in a
 * lift, where it must lie in the cabin: the longest length for each thickness is worked out once per
 * request (cabinLengths) and read from an array by the thickness. A piece that comes apart passes
 * whatever the openings. A piece without its three measures never passes.
 */
import { sql, type SQL } from 'drizzle-orm';
import { cabinLengths, measureLimits, ORIENTATIONS, type Opening } from '@furniture-mart/shared';
import { products } from '../../platform/db/schema.js';

const SPARE = measureLimits.spareMm;

/** A whole number written into the statement (openings are validated integers, never text). */
const int = (value: number) => sql.raw(String(Math.trunc(value)));

/**
 * A lift cabin's longest length for each thickness, as an array literal. Working it out takes some 20 ms
 * of CPU, so each cabin's is kept (homes change seldom and a few hundred cabins cover a city's lifts).
 */
const cabins = new Map<string, string>();
function cabinArray(opening: Opening): string | null {
  const key = `${opening.heightMm}x${opening.depthMm}`;
  let literal = cabins.get(key);
  if (literal === undefined) {
    const lengths = cabinLengths(opening);
    literal = lengths.length > 0 ? `{${lengths.join(',')}}` : '';
    if (cabins.size >= 500) cabins.clear();
    cabins.set(key, literal);
  }
  return literal === '' ? null : literal;
}

function passes(opening: Opening): SQL {
  const width = int(opening.widthMm - SPARE);
  const height = opening.heightMm === null ? null : int(opening.heightMm - SPARE);
  const tipped = sql`least(${products.depthMm}, coalesce(${products.diagonalDepthMm}, ${products.depthMm}))`;
  // Each measure as it stands across or up an opening, and as the length that goes through.
  const measures = [
    { cross: sql`${products.widthMm}`, through: sql`${products.widthMm}` },
    { cross: tipped, through: sql`${products.depthMm}` },
    { cross: sql`${products.heightMm}`, through: sql`${products.heightMm}` },
  ];
  // Sent as a parameter: the statement's text stays small for PostgreSQL to parse.
  const literal = opening.kind === 'lift' ? cabinArray(opening) : null;
  const cabin = literal === null ? null : sql`${literal}::int[]`;
  const ways: SQL[] = [];
  for (const [a, b, c] of ORIENTATIONS) {
    const [across, up, through] = [measures[a]!.cross, measures[b]!.cross, measures[c]!.through];
    const parts = [sql`${across} <= ${width}`];
    if (height) parts.push(sql`${up} <= ${height}`);
    // Arrays count from 1: the length for thickness t is element t + 1.
    if (cabin) parts.push(sql`${through} <= (${cabin})[${up} + 1]`);
    ways.push(sql`(${sql.join(parts, sql` and `)})`);
  }
  return sql`(${sql.join(ways, sql` or `)})`;
}

/** The pieces that fit through every one of `openings` (standing, tilted or taken apart). */
export function fitsThrough(openings: readonly Opening[]): SQL {
  const measured = sql`${products.widthMm} is not null and ${products.depthMm} is not null and ${products.heightMm} is not null`;
  const all = openings.map(passes);
  return sql`(${measured} and (${products.comesApart} or (${sql.join(all, sql` and `)})))`;
}
