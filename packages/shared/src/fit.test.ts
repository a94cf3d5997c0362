import { describe, expect, it } from 'vitest';
import { fitHome, fitThrough, type FitPiece } from './fit.js';
import type { Opening } from './home.js';
import type { FitDimension, FitVerdict } from './enums.js';
import { homeMessages } from './messages/index.js';
import { shortfallIn } from './length.js';

// Everything in centimetres here, as the movers' examples are written; the function takes millimetres.
const piece = (
  width: number,
  depth: number,
  height: number,
  more: { diagonal?: number; apart?: boolean } = {},
) =>
  ({
    widthMm: width * 10,
    depthMm: depth * 10,
    heightMm: height * 10,
    diagonalDepthMm: more.diagonal === undefined ? null : more.diagonal * 10,
    comesApart: more.apart ?? false,
  }) satisfies FitPiece;
// The movers' guides write in inches: converted exactly (25.4 mm an inch), rounded to whole millimetres.
const inch = (inches: number) => Math.round(inches * 25.4);
const pieceIn = (width: number, depth: number, height: number, diagonal?: number): FitPiece => ({
  widthMm: inch(width),
  depthMm: inch(depth),
  heightMm: inch(height),
  diagonalDepthMm: diagonal === undefined ? null : inch(diagonal),
  comesApart: false,
});
const doorIn = (width: number, height = 80): Opening => ({
  kind: 'door',
  name: 'Front door',
  widthMm: inch(width),
  heightMm: inch(height),
  depthMm: null,
});
const door = (width: number, height = 203, name = 'Front door'): Opening => ({
  kind: 'door',
  name,
  widthMm: width * 10,
  heightMm: height * 10,
  depthMm: null,
});
const stairs = (width: number, headroom: number | null): Opening => ({
  kind: 'stairs',
  name: 'Stairs',
  widthMm: width * 10,
  heightMm: headroom === null ? null : headroom * 10,
  depthMm: null,
});
const lift = (doorWidth: number, doorHeight: number, cabinDepth: number): Opening => ({
  kind: 'lift',
  name: 'Lift',
  widthMm: doorWidth * 10,
  heightMm: doorHeight * 10,
  depthMm: cabinDepth * 10,
});

type Row = [string, FitPiece, Opening, FitVerdict, [FitDimension, number]?];

const table: Row[] = [
  // the movers' worked examples through a standard 76 cm (30 in) door
  [
    'an 80 cm deep, 84 cm tall sofa does not pass a 76 cm door',
    piece(200, 80, 84),
    door(76),
    'wont_fit',
    ['width', 60],
  ],
  ['the same sofa passes an 86 cm door carried upright', piece(200, 80, 84), door(86), 'fits'],
  ['a low sofa (70 cm tall) goes through on its back', piece(200, 80, 70), door(76), 'fits_tilted'],
  [
    'an 84 cm tall, 90 cm deep sofa with a 70 cm diagonal is tipped through',
    piece(210, 90, 84, { diagonal: 70 }),
    door(76),
    'fits_tilted',
  ],
  [
    'without the diagonal the same sofa does not pass',
    piece(210, 90, 84),
    door(76),
    'wont_fit',
    ['width', 100],
  ],
  [
    'a 90 cm deep sofa with a 75 cm diagonal misses a 76 cm door by the 2 cm to spare',
    piece(200, 90, 85, { diagonal: 75 }),
    door(76),
    'wont_fit',
    ['width', 10],
  ],
  ['the same sofa tips through an 80 cm door', piece(200, 90, 85, { diagonal: 75 }), door(80), 'fits_tilted'],
  [
    'a diagonal never makes a sofa fit standing',
    piece(200, 90, 85, { diagonal: 60 }),
    door(90),
    'fits_tilted',
  ],
  [
    'a bed frame with a tall headboard that comes apart',
    piece(200, 210, 120, { apart: true }),
    door(76),
    'fits_apart',
  ],
  ['the same bed frame in one piece', piece(200, 210, 120), door(76), 'wont_fit', ['width', 460]],
  ['a piece that comes apart but passes whole fits', piece(100, 60, 190, { apart: true }), door(76), 'fits'],
  // doors, the 2 cm to spare at the edge
  ['an armchair carried sideways', piece(70, 75, 85), door(76), 'fits'],
  ['exactly 2 cm to spare passes', piece(74, 100, 100), door(76), 'fits'],
  ['1 mm less than 2 cm to spare fails by 1 mm', piece(74.1, 100, 100), door(76), 'wont_fit', ['width', 1]],
  ['exactly 2 cm under the door frame passes standing', piece(60, 40, 201), door(76, 203), 'fits'],
  ['1 mm more goes through lying down', piece(60, 40, 201.1), door(76, 203), 'fits_tilted'],
  ['a tall wardrobe under a 2 m door is laid on its side', piece(100, 60, 200), door(80, 200), 'fits_tilted'],
  ['a dining chair', piece(45, 50, 95), door(70), 'fits'],
  ['a narrow bookshelf', piece(40, 30, 180), door(76), 'fits'],
  ['a double mattress on its edge', piece(200, 150, 25), door(76), 'fits_tilted'],
  ['a king mattress under a low 180 cm door', piece(200, 180, 30), door(76, 180), 'wont_fit', ['height', 20]],
  ['a cube too big every way', piece(80, 80, 80), door(76), 'wont_fit', ['width', 60]],
  ['a corner sofa stood on its end', piece(300, 180, 85), door(90), 'fits_tilted'],
  // stairs: width, and the headroom at the turn when there is one
  ['stairs without a turn check only their width', piece(90, 90, 180), stairs(100, null), 'fits'],
  ['narrow stairs', piece(90, 90, 180), stairs(80, null), 'wont_fit', ['width', 120]],
  ['a low turn', piece(150, 160, 170), stairs(200, 140), 'wont_fit', ['height', 120]],
  ['a tall cabinet is tipped under a low turn', piece(60, 40, 180), stairs(100, 150), 'fits_tilted'],
  // lifts: the door, then the cabin
  ['an armchair lies flat in the cabin', piece(80, 85, 90), lift(90, 200, 140), 'fits'],
  ['a bookcase stands in a small cabin', piece(80, 30, 180), lift(90, 200, 100), 'fits'],
  ['a 1.8 m sofa is stood on end in the cabin', piece(180, 85, 80), lift(90, 200, 140), 'fits_tilted'],
  [
    'a 2 m sofa does not stand in a cabin no taller than its 2 m door',
    piece(200, 85, 80),
    lift(90, 200, 140),
    'wont_fit',
    ['depth', 20],
  ],
  ['too wide for the lift door', piece(100, 95, 90), lift(80, 200, 140), 'wont_fit', ['width', 120]],
  [
    'a 2.1 m shelf leans corner to corner in a deep cabin',
    piece(60, 40, 210),
    lift(90, 200, 160),
    'fits_tilted',
  ],
  ['the same shelf does not in a shallow one', piece(60, 40, 210), lift(90, 200, 140), 'wont_fit'],
  [
    'a thin 2.35 m board leans along the cabin diagonal',
    piece(235, 30, 2),
    lift(90, 200, 140),
    'fits_tilted',
  ],
  ['a 2.45 m board is longer than the diagonal', piece(245, 30, 2), lift(90, 200, 140), 'wont_fit'],
  ['a dining table that comes apart', piece(240, 100, 75, { apart: true }), lift(90, 200, 140), 'fits_apart'],
  // the movers' worked examples in inches: measure the height, depth and diagonal depth, compare with
  // the door's width
  [
    'an 84 in sofa, 35 in high, 38 in deep, 30 in diagonal, tips through a 32 in door',
    pieceIn(84, 38, 35, 30),
    doorIn(32),
    'fits_tilted',
  ],
  [
    'the same sofa misses a 30 in door: its diagonal leaves no room to spare',
    pieceIn(84, 38, 35, 30),
    doorIn(30),
    'wont_fit',
    ['width', 20],
  ],
  [
    'a 60 in loveseat with a 28 in diagonal tips through a 30 in door',
    pieceIn(60, 34, 33, 28),
    doorIn(30),
    'fits_tilted',
  ],
  [
    'a 36 by 38 by 40 in armchair is wider than a 32 in door every way',
    pieceIn(36, 38, 40),
    doorIn(32),
    'wont_fit',
    ['width', 121],
  ],
  ['a queen mattress goes through a 30 in door on its edge', pieceIn(60, 80, 12), doorIn(30), 'fits_tilted'],
  ['an 18 in deep dresser is carried upright through a 30 in door', pieceIn(60, 18, 32), doorIn(30), 'fits'],
  [
    'a 7 ft wardrobe is laid down to pass a 36 by 80 in door',
    pieceIn(40, 24, 84),
    doorIn(36, 80),
    'fits_tilted',
  ],
  [
    'a 100 in chaise goes up 36 in stairs on its back',
    pieceIn(100, 40, 30),
    { kind: 'stairs', name: 'Stairs', widthMm: inch(36), heightMm: null, depthMm: null },
    'fits_tilted',
  ],
];

describe('fitThrough', () => {
  it('has at least 30 cases', () => {
    expect(table.length).toBeGreaterThanOrEqual(30);
  });

  it.each(table)('%s', (_, subject, opening, verdict, shortfall) => {
    const fit = fitThrough(subject, opening);
    expect(fit.verdict).toBe(verdict);
    expect(fit.kind).toBe(opening.kind);
    expect(fit.name).toBe(opening.name);
    if (verdict !== 'wont_fit') expect(fit.shortfall).toBeNull();
    else if (shortfall) expect(fit.shortfall).toEqual({ dimension: shortfall[0], mm: shortfall[1] });
    else expect(fit.shortfall).toMatchObject({ dimension: 'depth' });
  });

  it('measures a lean in the cabin with the piece’s thickness', () => {
    // A 2.1 m shelf, 40 cm thick in the cabin's side section, misses a 1.4 m cabin by a few centimetres.
    const fit = fitThrough(piece(60, 40, 210), lift(90, 200, 140));
    expect(fit.shortfall!.mm).toBeGreaterThan(0);
    expect(fit.shortfall!.mm).toBeLessThan(100);
    // A board of almost no thickness takes the whole diagonal of 1.38 m by 1.98 m, 2.41 m.
    expect(fitThrough(piece(241, 30, 0.1), lift(90, 200, 140)).verdict).toBe('fits_tilted');
    expect(fitThrough(piece(242, 30, 0.1), lift(90, 200, 140)).verdict).toBe('wont_fit');
  });
});

describe('fitHome', () => {
  const sofa = piece(200, 80, 70);

  it('is the worst verdict over every saved opening', () => {
    const fit = fitHome(sofa, [door(90), door(76, 203, 'Bedroom door'), lift(70, 200, 140)]);
    expect(fit.openings.map((opening) => opening.verdict)).toEqual(['fits', 'fits_tilted', 'wont_fit']);
    expect(fit.verdict).toBe('wont_fit');
  });

  it('takes apart over tilted, and fits when every opening fits', () => {
    const bed = piece(200, 210, 120, { apart: true });
    expect(fitHome(bed, [door(130, 210), door(76)]).verdict).toBe('fits_apart');
    expect(fitHome(sofa, [door(90), door(100)]).verdict).toBe('fits');
  });

  it('has no verdict without openings', () => {
    expect(fitHome(sofa, [])).toEqual({ verdict: null, openings: [] });
  });
});

describe('the sentences of a verdict', () => {
  it('names the opening, the measure and how much is missing', () => {
    const say = (opening: Opening, subject: FitPiece) => {
      const { shortfall } = fitThrough(subject, opening);
      const by = homeMessages.length(shortfallIn(shortfall!.mm, 'cm'), 'cm');
      return homeMessages.shortfall(opening.kind, opening.name, shortfall!.dimension, by);
    };
    expect(say(door(76), piece(200, 80, 84))).toBe('Too wide for the front door by 6 cm');
    expect(say(lift(80, 200, 140), piece(100, 84, 90))).toBe('Too wide for the lift door by 6 cm');
    expect(say(lift(90, 200, 140), piece(200, 85, 80))).toBe('Too long for the lift cabin by 2 cm');
    expect(say(stairs(200, 140), piece(150, 160, 170))).toBe(
      'Too tall for the headroom of the stairs by 12 cm',
    );
    expect(say(door(76, 180, 'TV room'), piece(200, 180, 30))).toBe('Too tall for the TV room by 2 cm');
  });

  it('rounds a shortfall up, in the unit the buyer reads', () => {
    expect(homeMessages.length(shortfallIn(1, 'cm'), 'cm')).toBe('1 cm');
    expect(homeMessages.length(shortfallIn(60, 'in'), 'in')).toBe('3 in');
  });
});
