/**
 * Measured pieces and a buyer's home: the `dimensions` a product create or edit takes (in millimetres,
 * or in centimetres or inches with `unit`) and the openings of GET/PUT /api/my/home. Both are read into
 * whole millimetres here, once; sizes are above 0 and at most 5 m, a piece at most 500 kg.
 */
import { z } from 'zod';
import {
  measureLimits,
  openingKinds,
  type FitDimension,
  type LengthUnit,
  type OpeningKind,
} from './enums.js';
import { homeMessages, messages, openingFieldLabels, pieceFieldLabels } from './messages/index.js';
import { requiredText } from './common.js';
import { toMillimetres } from './length.js';
import { toLatinDigits } from './digits.js';

/**
 * A length in `unit` (a number, or its text in either digits) read into whole millimetres. Messages are
 * written when a value fails, in the language of that moment, never when the schema is made.
 */
const length = (unit: LengthUnit, field: () => string) => {
  const message = () =>
    unit === 'mm' ? homeMessages.enterWholeMillimetres(field()) : homeMessages.enterLength(field());
  // Each side of the union carries the message too, so a missing value reads like a wrong one.
  return z
    .union([z.number({ error: message }), z.string({ error: message })], { error: message })
    .transform((value, ctx) => {
      const mm = toMillimetres(value, unit);
      if (mm !== null && mm > 0 && mm <= measureLimits.maxLengthMm) return mm;
      ctx.addIssue({ code: 'custom', message: message() });
      return z.NEVER;
    });
};

const weightKg = z
  .union(
    [
      z.number({ error: () => homeMessages.enterWeight }),
      z.string({ error: () => homeMessages.enterWeight }),
    ],
    { error: () => homeMessages.enterWeight },
  )
  .transform((value, ctx) => {
    const text = toLatinDigits(String(value)).trim();
    const kg = /^\d{1,3}(?:\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 10) / 10 : 0;
    if (kg > 0 && kg <= measureLimits.maxWeightKg) return kg;
    ctx.addIssue({ code: 'custom', message: homeMessages.enterWeight });
    return z.NEVER;
  });

/** A piece as it is stored: whole millimetres, and null for what the seller left out. */
export const pieceDimensionsSchema = z.object({
  widthMm: z.number().int(),
  depthMm: z.number().int(),
  heightMm: z.number().int(),
  /** The movers' measure for seating and beds: what the depth becomes when the piece is tipped. */
  diagonalDepthMm: z.number().int().nullable(),
  comesApart: z.boolean(),
  weightKg: z.number().nullable(),
});
export type PieceDimensions = z.infer<typeof pieceDimensionsSchema>;

type Measured = {
  width: number;
  depth: number;
  height: number;
  diagonalDepth?: number | undefined;
  comesApart?: boolean | undefined;
  weightKg?: number | undefined;
};

/** Into the stored form; a diagonal depth above the depth is an issue on the field it was sent in. */
const stored =
  (diagonalField: string) =>
  (piece: Measured, ctx: z.RefinementCtx): PieceDimensions => {
    if (piece.diagonalDepth !== undefined && piece.diagonalDepth > piece.depth) {
      ctx.addIssue({ code: 'custom', path: [diagonalField], message: homeMessages.diagonalOverDepth });
    }
    return {
      widthMm: piece.width,
      depthMm: piece.depth,
      heightMm: piece.height,
      diagonalDepthMm: piece.diagonalDepth ?? null,
      comesApart: piece.comesApart ?? false,
      weightKg: piece.weightKg ?? null,
    };
  };

const extras = {
  comesApart: z.boolean({ error: messages.chooseOption }).optional(),
  weightKg: weightKg.optional(),
};

const dimensionsInMm = z
  .strictObject({
    unit: z.literal('mm').optional(),
    widthMm: length('mm', () => pieceFieldLabels.width),
    depthMm: length('mm', () => pieceFieldLabels.depth),
    heightMm: length('mm', () => pieceFieldLabels.height),
    diagonalDepthMm: length('mm', () => pieceFieldLabels.diagonalDepth).optional(),
    ...extras,
  })
  .transform(({ widthMm, depthMm, heightMm, diagonalDepthMm, comesApart, weightKg }, ctx) =>
    stored('diagonalDepthMm')(
      {
        width: widthMm,
        depth: depthMm,
        height: heightMm,
        diagonalDepth: diagonalDepthMm,
        comesApart,
        weightKg,
      },
      ctx,
    ),
  );

const dimensionsInUnit = (unit: 'cm' | 'in') =>
  z
    .strictObject({
      unit: z.literal(unit),
      width: length(unit, () => pieceFieldLabels.width),
      depth: length(unit, () => pieceFieldLabels.depth),
      height: length(unit, () => pieceFieldLabels.height),
      diagonalDepth: length(unit, () => pieceFieldLabels.diagonalDepth).optional(),
      ...extras,
    })
    .transform(({ unit: _unit, ...piece }, ctx) => stored('diagonalDepth')(piece, ctx));

/**
 * `dimensions` in a product create or edit: `{widthMm, depthMm, heightMm, diagonalDepthMm?, comesApart?,
 * weightKg?}`, or the same in centimetres or inches as `{unit: "cm" | "in", width, depth, height,
 * diagonalDepth?, comesApart?, weightKg?}`. Either is read into the stored millimetres; each bad value is
 * an issue on its own field.
 */
export const dimensionsSchema = z.discriminatedUnion(
  'unit',
  [dimensionsInMm, dimensionsInUnit('cm'), dimensionsInUnit('in')],
  { error: () => homeMessages.chooseUnit },
);
export type DimensionsRequest = z.input<typeof dimensionsSchema>;

const measureKeys = [
  'widthMm',
  'depthMm',
  'heightMm',
  'diagonalDepthMm',
  'width',
  'depth',
  'height',
  'diagonalDepth',
  'weightKg',
];
const formKeys = new Set([...measureKeys, 'unit', 'comesApart']);

/**
 * `dimensions` as a form sends it: a blank box is a measure not given, and a group with no measure at
 * all is none (null). Anything else is read by dimensionsSchema as it is.
 */
export const dimensionsField = z.preprocess(
  (value) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    const given = Object.fromEntries(
      Object.entries(value).filter(([, entry]) => !(typeof entry === 'string' && entry.trim() === '')),
    );
    const isEmpty =
      !measureKeys.some((key) => key in given) && Object.keys(given).every((key) => formKeys.has(key));
    return isEmpty ? null : given;
    // Every form of it is an object; OpenAPI 3.0 wants that said beside "nullable".
  },
  dimensionsSchema.nullable().meta({ type: 'object' }),
);

/** A listing's measures as answered: each of the three is null while the listing has not given it. */
export const listedDimensionsSchema = z.object({
  widthMm: z.number().int().nullable(),
  depthMm: z.number().int().nullable(),
  heightMm: z.number().int().nullable(),
  diagonalDepthMm: z.number().int().nullable(),
  comesApart: z.boolean(),
  weightKg: z.number().nullable(),
});
export type ListedDimensions = z.infer<typeof listedDimensionsSchema>;

/** The piece a fit is worked out for, or null while one of its three measures is missing. */
export function measuredPiece(dimensions: ListedDimensions): PieceDimensions | null {
  const { widthMm, depthMm, heightMm } = dimensions;
  if (widthMm === null || depthMm === null || heightMm === null) return null;
  return { ...dimensions, widthMm, depthMm, heightMm };
}

/** An opening as it is stored and answered: a stair's headroom and a lift's cabin depth may be null. */
export const openingSchema = z.object({
  kind: z.enum(openingKinds),
  name: z.string(),
  widthMm: z.number().int(),
  heightMm: z.number().int().nullable(),
  depthMm: z.number().int().nullable(),
});
export type Opening = z.infer<typeof openingSchema>;

const mm = (kind: OpeningKind, dimension: FitDimension) =>
  length('mm', () => openingFieldLabels[kind][dimension]);
const openingName = requiredText(60);
const asOpening = (
  opening: { kind: OpeningKind; name: string; widthMm: number } & Partial<
    Record<'heightMm' | 'depthMm', number | null>
  >,
): Opening => ({
  kind: opening.kind,
  name: opening.name,
  widthMm: opening.widthMm,
  heightMm: opening.heightMm ?? null,
  depthMm: opening.depthMm ?? null,
});

/** Doors and stairs have no depth: GET answers null for it, which may be sent back as it is. */
const noDepth = z
  .null({ error: () => homeMessages.noDepth })
  .optional()
  .meta({ type: 'integer' });

/** One opening of PUT /api/my/home in millimetres: what each kind must and may have. */
const openingRequest = z.discriminatedUnion(
  'kind',
  [
    z
      .strictObject({
        kind: z.literal('door'),
        name: openingName,
        widthMm: mm('door', 'width'),
        heightMm: mm('door', 'height'),
        depthMm: noDepth,
      })
      .transform(asOpening),
    z
      .strictObject({
        kind: z.literal('stairs'),
        name: openingName,
        widthMm: mm('stairs', 'width'),
        // No headroom is absent or null (what GET answers for it).
        heightMm: z.preprocess(
          (value) => (value === null ? undefined : value),
          mm('stairs', 'height').optional(),
        ),
        depthMm: noDepth,
      })
      .transform(asOpening),
    z
      .strictObject({
        kind: z.literal('lift'),
        name: openingName,
        widthMm: mm('lift', 'width'),
        heightMm: mm('lift', 'height'),
        depthMm: mm('lift', 'depth'),
      })
      .transform(asOpening),
  ],
  { error: () => homeMessages.chooseOpeningKind },
);

/**
 * PUT /api/my/home: at most 10 openings. A door has a width and a height, stairs a width and perhaps the
 * headroom at their turn, a lift its door's width and height and its cabin's depth.
 */
export const homeProfileRequest = z.strictObject({
  openings: z
    .array(openingRequest, { error: () => messages.required })
    .max(measureLimits.maxOpenings, { error: () => homeMessages.tooManyOpenings(measureLimits.maxOpenings) }),
});
export type HomeProfileRequest = z.input<typeof homeProfileRequest>;

export const homeProfileSchema = z.object({ openings: z.array(openingSchema) });
export type HomeProfile = z.infer<typeof homeProfileSchema>;
