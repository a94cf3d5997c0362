/** Measured pieces, the openings of a buyer's home and whether a piece passes them. */
import type { FitDimension, FitVerdict, LengthUnit, OpeningKind } from '../enums.js';
import { fromMillimetres } from '../length.js';
import { currentLocale } from './runtime.js';
import { messageRecord, t } from './runtime.js';

export const lengthUnitLabels = messageRecord('fit.unit', ['mm', 'cm', 'in'] as const) as Readonly<
  Record<LengthUnit, string>
>;

export const fitVerdictLabels = messageRecord('fit.verdict', [
  'fits',
  'fits_tilted',
  'fits_apart',
  'wont_fit',
] as const) as Readonly<Record<FitVerdict, string>>;

/** An opening's name inside an English sentence: "Front door" reads "the front door", "TV room" stays. */
const inSentence = (name: string) =>
  currentLocale() === 'en' && /^\p{Lu}\p{Ll}/u.test(name) ? name[0]!.toLowerCase() + name.slice(1) : name;

/** The part of an opening a measure belongs to: a lift's door for its width and height, its cabin for depth. */
const placeOf = (kind: OpeningKind, name: string, dimension: FitDimension) =>
  t('fit.place', {
    kind: kind === 'stairs' && dimension === 'height' ? 'stairsHeadroom' : kind,
    part: dimension === 'depth' ? 'cabin' : 'door',
    name: inSentence(name),
  });

const field = messageRecord('fit.field', [
  'width',
  'depth',
  'height',
  'diagonalDepth',
  'headroom',
  'doorWidth',
  'doorHeight',
  'cabinDepth',
] as const);

/** What a measure is called in a form, per kind of opening. */
export const openingFieldLabels: Record<OpeningKind, Record<FitDimension, string>> = {
  door: {
    get width() {
      return field.width;
    },
    get height() {
      return field.height;
    },
    get depth() {
      return field.depth;
    },
  },
  stairs: {
    get width() {
      return field.width;
    },
    get height() {
      return field.headroom;
    },
    get depth() {
      return field.depth;
    },
  },
  lift: {
    get width() {
      return field.doorWidth;
    },
    get height() {
      return field.doorHeight;
    },
    get depth() {
      return field.cabinDepth;
    },
  },
};

export const pieceFieldLabels = {
  get width() {
    return field.width;
  },
  get depth() {
    return field.depth;
  },
  get height() {
    return field.height;
  },
  get diagonalDepth() {
    return field.diagonalDepth;
  },
};

export const homeMessages = {
  /** "Too wide for the lift door by 6 cm", "Too tall for the headroom of the stairs by 3 cm". */
  shortfall: (kind: OpeningKind, name: string, dimension: FitDimension, by: string) =>
    t('fit.shortfall', { dimension, place: placeOf(kind, name, dimension), by }),
  /** A length with its unit: "6 cm". */
  length: (value: number, unit: LengthUnit) => t('fit.length', { value, unit: lengthUnitLabels[unit] }),
  get fitsYourHome() {
    return t('fit.fitsYourHome');
  },
  checkOpening: (name: string) => t('fit.checkOpening', { name: inSentence(name) }),
  get addYourOpenings() {
    return t('fit.addYourOpenings');
  },
  enterLength: (name: string) => t('fit.enterLength', { field: name }),
  enterWholeMillimetres: (name: string) => t('fit.enterWholeMillimetres', { field: name }),
  get enterWeight() {
    return t('fit.enterWeight');
  },
  get diagonalOverDepth() {
    return t('fit.diagonalOverDepth');
  },
  get chooseUnit() {
    return t('fit.chooseUnit');
  },
  get chooseOpeningKind() {
    return t('fit.chooseOpeningKind');
  },
  get filterNeedsHome() {
    return t('fit.filterNeedsHome');
  },
  get noDepth() {
    return t('fit.noDepth');
  },
  get measurementsRequired() {
    return t('fit.measurementsRequired');
  },
  tooManyOpenings: (max: number) => t('fit.tooManyOpenings', { max }),
};

/**
 * A listing's measures as one line ("210 cm wide, 90 cm deep, 85 cm high, 70 cm diagonal depth, comes
 * apart, 55 kg"), or null when it gave none.
 */
export function sizeText(dimensions: {
  widthMm: number | null;
  depthMm: number | null;
  heightMm: number | null;
  diagonalDepthMm: number | null;
  comesApart: boolean;
  weightKg: number | null;
}): string | null {
  const cm = (mm: number | null) => (mm === null ? null : fromMillimetres(mm, 'cm'));
  const [width, depth, height, diagonal] = [
    cm(dimensions.widthMm),
    cm(dimensions.depthMm),
    cm(dimensions.heightMm),
    cm(dimensions.diagonalDepthMm),
  ];
  const parts = [
    width === null ? null : t('product.wide', { cm: width }),
    depth === null ? null : t('product.deep', { cm: depth }),
    height === null ? null : t('product.high', { cm: height }),
    diagonal === null ? null : t('product.diagonalDepth', { cm: diagonal }),
    dimensions.comesApart ? t('product.comesApart') : null,
    dimensions.weightKg === null ? null : t('product.weight', { kg: dimensions.weightKg }),
  ].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(t('product.sizeSeparator')) : null;
}
