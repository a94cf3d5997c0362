/** Measured pieces, the openings of a buyer's home and whether a piece passes them. */
import type { FitDimension, FitVerdict, LengthUnit, OpeningKind } from '../enums.js';

export const lengthUnitLabels: Record<LengthUnit, string> = { mm: 'mm', cm: 'cm', in: 'in' };

export const fitVerdictLabels: Record<FitVerdict, string> = {
  fits: 'Fits',
  fits_tilted: 'Fits if tilted',
  fits_apart: 'Fits taken apart',
  wont_fit: 'Won’t fit',
};

/** An opening's name inside a sentence: "Front door" reads "the front door", "TV room" stays. */
const the = (name: string) =>
  `the ${/^\p{Lu}\p{Ll}/u.test(name) ? name[0]!.toLowerCase() + name.slice(1) : name}`;

/** The part of an opening a measure belongs to: a lift's door for its width and height, its cabin for depth. */
const placeOf = (kind: OpeningKind, name: string, dimension: FitDimension) => {
  if (kind === 'lift') return `${the(name)} ${dimension === 'depth' ? 'cabin' : 'door'}`;
  if (kind === 'stairs' && dimension === 'height') return `the headroom of ${the(name)}`;
  return the(name);
};

const tooMuch: Record<FitDimension, string> = { width: 'Too wide', height: 'Too tall', depth: 'Too long' };

/** What a measure is called in a form, per kind of opening. */
export const openingFieldLabels: Record<OpeningKind, Record<FitDimension, string>> = {
  door: { width: 'width', height: 'height', depth: 'depth' },
  stairs: { width: 'width', height: 'headroom at the turn', depth: 'depth' },
  lift: { width: 'door width', height: 'door height', depth: 'cabin depth' },
};

export const pieceFieldLabels = {
  width: 'width',
  depth: 'depth',
  height: 'height',
  diagonalDepth: 'diagonal depth',
} as const;

export const homeMessages = {
  /** "Too wide for the lift door by 6 cm", "Too tall for the headroom of the stairs by 3 cm". */
  shortfall: (kind: OpeningKind, name: string, dimension: FitDimension, by: string) =>
    `${tooMuch[dimension]} for ${placeOf(kind, name, dimension)} by ${by}`,
  /** A length with its unit: "6 cm". */
  length: (value: number, unit: LengthUnit) => `${value} ${lengthUnitLabels[unit]}`,
  fitsYourHome: 'Fits your home',
  checkOpening: (name: string) => `Check ${the(name)}`,
  addYourOpenings: 'Add the doorways, stairs and lift of your home to see whether a piece fits.',
  enterLength: (field: string) => `Enter the ${field} as a number greater than 0 and at most 5 m.`,
  enterWholeMillimetres: (field: string) =>
    `Enter the ${field} in whole millimetres, greater than 0 and at most 5000.`,
  enterWeight: 'Enter the weight in kg as a number greater than 0 and at most 500.',
  diagonalOverDepth: 'The diagonal depth cannot be more than the depth.',
  chooseUnit: 'Choose centimetres, inches or millimetres.',
  chooseOpeningKind: 'Choose a door, stairs or a lift.',
  tooManyOpenings: (max: number) => `Save at most ${max} openings.`,
} as const;
