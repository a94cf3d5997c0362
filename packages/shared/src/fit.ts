/**
 * Will it fit: one pure verdict the server (product answers, the `fits=1` filter) and the web (product
 * page, cards) share, so both always agree.
 *
 * A piece passes an opening when, in some orientation, the two measures that face the opening are within
 * its width and height with 20 mm to spare (the length that goes through a doorway is free). It "fits"
 * when it passes standing as it is used (height up, width or depth across); "fits_tilted" when it must be
 * tipped or turned, and then a seat's or bed's diagonal depth may stand in for its depth (the movers' rule
 * for tipping a sofa through a door); "fits_apart" when it passes no other way but comes apart; otherwise
 * "wont_fit", with the measure of the opening that fails by the least and by how much.
 *
 * A lift is a door (its width and height) and a cabin behind it, whose check is this: the length that came
 * through the door must fit inside the cabin's side section, its depth by its height, lying along the
 * floor, standing on end or leaning corner to corner, with the piece's thickness in that section (the
 * measure it had along the door's height) and 20 mm to spare each way. The cabin's height is taken as the
 * door's, the lowest it can be, so the check never says a piece fits a cabin it cannot; it is the movers'
 * "longest piece a lift takes is its depth diagonal" with the piece's own thickness taken off instead of
 * ignored. Standing as it is used, a piece must also lie in the cabin without leaning.
 */
import { z } from 'zod';
import {
  fitDimensions,
  fitVerdicts,
  measureLimits,
  openingKinds,
  type FitDimension,
  type FitVerdict,
} from './enums.js';
import type { Opening, PieceDimensions } from './home.js';

export const openingFitSchema = z.object({
  kind: z.enum(openingKinds),
  name: z.string(),
  verdict: z.enum(fitVerdicts),
  /** For `wont_fit`: the measure of the opening that fails, and by how many millimetres, spare included. */
  shortfall: z.object({ dimension: z.enum(fitDimensions), mm: z.number().int() }).nullable(),
});
export type OpeningFit = z.infer<typeof openingFitSchema>;

/** Every saved opening's verdict, and the worst of them (null when the buyer saved none). */
export const homeFitSchema = z.object({
  verdict: z.enum(fitVerdicts).nullable(),
  openings: z.array(openingFitSchema),
});
export type HomeFit = z.infer<typeof homeFitSchema>;

export type FitPiece = Pick<PieceDimensions, 'widthMm' | 'depthMm' | 'heightMm'> &
  Partial<Pick<PieceDimensions, 'diagonalDepthMm' | 'comesApart'>>;

const SPARE = measureLimits.spareMm;

/**
 * The six ways a piece can be carried: which of its three measures goes across an opening, which up,
 * and which through it (indexes of width, depth, height). The listing filter's SQL walks the same six.
 */
export const ORIENTATIONS = [
  [0, 1, 2],
  [0, 2, 1],
  [1, 0, 2],
  [1, 2, 0],
  [2, 0, 1],
  [2, 1, 0],
] as const;

/** A measure of the piece: what it is across or up an opening, and as the length that goes through. */
type Measure = { cross: number; through: number };

/** A way of carrying the piece: what goes across the opening, what goes up, what goes through. */
type Carry = { across: number; up: number; through: number };

function carries(piece: FitPiece): { standing: Carry[]; any: Carry[] } {
  const { widthMm: width, depthMm: depth, heightMm: height } = piece;
  // Tipped, the diagonal depth is the piece's depth across or up an opening, never its length.
  const tipped = Math.min(depth, piece.diagonalDepthMm ?? depth);
  const measures: [Measure, Measure, Measure] = [
    { cross: width, through: width },
    { cross: tipped, through: depth },
    { cross: height, through: height },
  ];
  const any: Carry[] = [];
  for (const [a, b, c] of ORIENTATIONS) {
    any.push({ across: measures[a].cross, up: measures[b].cross, through: measures[c].through });
  }
  const standing = [
    { across: depth, up: height, through: width },
    { across: width, up: height, through: depth },
  ];
  return { standing, any };
}

/**
 * The longest piece of the given thickness that fits the cabin's side section (depth by height, less the
 * spare each way), at any angle from lying (0) to standing (90 degrees), in tenths of a degree.
 */
function longestInCabin(thickness: number, depthMm: number, heightMm: number): number {
  const depth = depthMm - SPARE;
  const height = heightMm - SPARE;
  let longest = -Infinity;
  for (let tenth = 0; tenth <= 900; tenth += 1) {
    const angle = (tenth / 1800) * Math.PI;
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const alongDepth =
      cos > 1e-9 ? (depth - thickness * sin) / cos : thickness <= depth ? Infinity : -Infinity;
    const alongHeight =
      sin > 1e-9 ? (height - thickness * cos) / sin : thickness <= height ? Infinity : -Infinity;
    longest = Math.max(longest, Math.min(alongDepth, alongHeight));
  }
  return longest;
}

/** How far each measure of the opening falls short for this carry (0 or less passes). */
function shortfalls(carry: Carry, opening: Opening, lean: boolean): Record<FitDimension, number> {
  const width = carry.across + SPARE - opening.widthMm;
  const height = opening.heightMm === null ? 0 : carry.up + SPARE - opening.heightMm;
  let depth = 0;
  if (opening.kind === 'lift' && opening.depthMm !== null) {
    depth =
      lean && opening.heightMm !== null
        ? Math.ceil(carry.through - longestInCabin(carry.up, opening.depthMm, opening.heightMm))
        : carry.through + SPARE - opening.depthMm;
  }
  return { width, height, depth };
}

const worst = (short: Record<FitDimension, number>) => Math.max(short.width, short.height, short.depth);

export function fitThrough(piece: FitPiece, opening: Opening): OpeningFit {
  const { standing, any } = carries(piece);
  const result = (verdict: FitVerdict, shortfall: OpeningFit['shortfall'] = null): OpeningFit => ({
    kind: opening.kind,
    name: opening.name,
    verdict,
    shortfall,
  });
  if (standing.some((carry) => worst(shortfalls(carry, opening, false)) <= 0)) return result('fits');
  const tried = any.map((carry) => shortfalls(carry, opening, true));
  if (tried.some((short) => worst(short) <= 0)) return result('fits_tilted');
  if (piece.comesApart) return result('fits_apart');
  // The nearest miss: the carry whose worst measure fails by the least, and that measure.
  const nearest = tried.reduce((best, short) => (worst(short) < worst(best) ? short : best));
  const dimension = fitDimensions.find((name) => nearest[name] === worst(nearest))!;
  return result('wont_fit', { dimension, mm: nearest[dimension] });
}

/**
 * For a lift: the longest whole length (mm) a piece of each thickness (the index, in mm) can have inside
 * its cabin, leaning as fitThrough lets it; only thicknesses that pass the door's height (up to the
 * height less the spare) are listed. A listing's SQL filter reads it, so it agrees with fitThrough.
 */
export function cabinLengths(opening: Opening): number[] {
  if (opening.kind !== 'lift' || opening.heightMm === null || opening.depthMm === null) return [];
  const lengths: number[] = [];
  for (let thickness = 0; thickness <= opening.heightMm - SPARE; thickness += 1) {
    lengths.push(Math.floor(longestInCabin(thickness, opening.depthMm, opening.heightMm)));
  }
  return lengths;
}

/** Every saved opening's verdict and the worst one over all of them. */
export function fitHome(piece: FitPiece, openings: readonly Opening[]): HomeFit {
  const fits = openings.map((opening) => fitThrough(piece, opening));
  const rank = (verdict: FitVerdict) => fitVerdicts.indexOf(verdict);
  const verdict = fits.reduce<FitVerdict | null>(
    (worstSoFar, fit) =>
      worstSoFar === null || rank(fit.verdict) > rank(worstSoFar) ? fit.verdict : worstSoFar,
    null,
  );
  return { verdict, openings: fits };
}
