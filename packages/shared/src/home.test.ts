import { describe, expect, it } from 'vitest';
import { dimensionsSchema, homeProfileRequest } from './home.js';
import { homeMessages, messages } from './messages/index.js';

const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('dimensions', () => {
  it('takes millimetres as they are', () => {
    expect(dimensionsSchema.parse({ widthMm: 2000, depthMm: 900, heightMm: 840 })).toEqual({
      widthMm: 2000,
      depthMm: 900,
      heightMm: 840,
      diagonalDepthMm: null,
      comesApart: false,
      weightKg: null,
    });
  });

  it('reads inches and centimetres into millimetres', () => {
    expect(
      dimensionsSchema.parse({
        unit: 'in',
        width: 84,
        depth: '35.5',
        height: 33,
        diagonalDepth: 29.5,
        comesApart: true,
        weightKg: '42.5',
      }),
    ).toEqual({
      widthMm: 2134,
      depthMm: 902,
      heightMm: 838,
      diagonalDepthMm: 749,
      comesApart: true,
      weightKg: 42.5,
    });
    expect(dimensionsSchema.parse({ unit: 'cm', width: '২০০', depth: 90, height: 84.5 })).toMatchObject({
      widthMm: 2000,
      depthMm: 900,
      heightMm: 845,
    });
  });

  it.each<[string, unknown, [string, string][]]>([
    [
      'a missing width',
      { depthMm: 900, heightMm: 840 },
      [['widthMm', homeMessages.enterWholeMillimetres('width')]],
    ],
    [
      'a zero depth',
      { unit: 'cm', width: 200, depth: 0, height: 84 },
      [['depth', homeMessages.enterLength('depth')]],
    ],
    [
      'a negative height',
      { unit: 'in', width: 80, depth: 30, height: -3 },
      [['height', homeMessages.enterLength('height')]],
    ],
    [
      'text for a number',
      { unit: 'cm', width: 'wide', depth: 90, height: 84 },
      [['width', homeMessages.enterLength('width')]],
    ],
    [
      'over 5 m',
      { widthMm: 5001, depthMm: 900, heightMm: 840 },
      [['widthMm', homeMessages.enterWholeMillimetres('width')]],
    ],
    [
      'over 5 m in inches',
      { unit: 'in', width: 197, depth: 30, height: 30 },
      [['width', homeMessages.enterLength('width')]],
    ],
    [
      'a fraction of a millimetre',
      { widthMm: 2000.5, depthMm: 900, heightMm: 840 },
      [['widthMm', homeMessages.enterWholeMillimetres('width')]],
    ],
    [
      'a piece over 500 kg',
      { widthMm: 2000, depthMm: 900, heightMm: 840, weightKg: 501 },
      [['weightKg', homeMessages.enterWeight]],
    ],
    [
      'a weight of nothing',
      { widthMm: 2000, depthMm: 900, heightMm: 840, weightKg: 0 },
      [['weightKg', homeMessages.enterWeight]],
    ],
    [
      'a diagonal deeper than the depth',
      { widthMm: 2000, depthMm: 900, heightMm: 840, diagonalDepthMm: 950 },
      [['diagonalDepthMm', homeMessages.diagonalOverDepth]],
    ],
    [
      'a diagonal in inches deeper than the depth',
      { unit: 'in', width: 80, depth: 30, height: 30, diagonalDepth: 31 },
      [['diagonalDepth', homeMessages.diagonalOverDepth]],
    ],
    [
      'comes apart as text',
      { widthMm: 2000, depthMm: 900, heightMm: 840, comesApart: 'yes' },
      [['comesApart', messages.chooseOption]],
    ],
    ['an unknown unit', { unit: 'ft', width: 6, depth: 3, height: 3 }, [['unit', homeMessages.chooseUnit]]],
  ])('refuses %s, naming the field', (_, body, expected) => {
    expect(issues(dimensionsSchema.safeParse(body))).toEqual(expected);
  });

  it('refuses a field it does not know', () => {
    const result = dimensionsSchema.safeParse({ widthMm: 2000, depthMm: 900, heightMm: 840, colour: 'red' });
    expect(result.success).toBe(false);
  });
});

describe('home profile', () => {
  const door = { kind: 'door', name: 'Front door', widthMm: 760, heightMm: 2030 };

  it('keeps each kind with what it has', () => {
    expect(
      homeProfileRequest.parse({
        openings: [
          door,
          { kind: 'stairs', name: 'Stairs', widthMm: 900 },
          { kind: 'stairs', name: 'Back stairs', widthMm: '850', heightMm: 1900 },
          { kind: 'lift', name: 'Lift', widthMm: 800, heightMm: 2000, depthMm: 1400 },
        ],
      }).openings,
    ).toEqual([
      { kind: 'door', name: 'Front door', widthMm: 760, heightMm: 2030, depthMm: null },
      { kind: 'stairs', name: 'Stairs', widthMm: 900, heightMm: null, depthMm: null },
      { kind: 'stairs', name: 'Back stairs', widthMm: 850, heightMm: 1900, depthMm: null },
      { kind: 'lift', name: 'Lift', widthMm: 800, heightMm: 2000, depthMm: 1400 },
    ]);
  });

  it('takes no openings at all', () => {
    expect(homeProfileRequest.parse({ openings: [] })).toEqual({ openings: [] });
  });

  it.each<[string, unknown, [string, string][]]>([
    [
      'more than 10 openings',
      { openings: Array.from({ length: 11 }, () => door) },
      [['openings', homeMessages.tooManyOpenings(10)]],
    ],
    [
      'a lift without its cabin',
      { openings: [{ kind: 'lift', name: 'Lift', widthMm: 800, heightMm: 2000 }] },
      [['openings.0.depthMm', homeMessages.enterWholeMillimetres('cabin depth')]],
    ],
    [
      'a door without a height',
      { openings: [{ kind: 'door', name: 'Front door', widthMm: 760 }] },
      [['openings.0.heightMm', homeMessages.enterWholeMillimetres('height')]],
    ],
    [
      'a zero-wide lift door',
      { openings: [{ kind: 'lift', name: 'Lift', widthMm: 0, heightMm: 2000, depthMm: 1400 }] },
      [['openings.0.widthMm', homeMessages.enterWholeMillimetres('door width')]],
    ],
    [
      'a headroom over 5 m',
      { openings: [{ kind: 'stairs', name: 'Stairs', widthMm: 900, heightMm: 6000 }] },
      [['openings.0.heightMm', homeMessages.enterWholeMillimetres('headroom at the turn')]],
    ],
    [
      'a window',
      { openings: [{ kind: 'window', name: 'Window', widthMm: 900, heightMm: 1200 }] },
      [['openings.0.kind', homeMessages.chooseOpeningKind]],
    ],
    ['a nameless door', { openings: [{ ...door, name: ' ' }] }, [['openings.0.name', messages.required]]],
  ])('refuses %s, naming the field', (_, body, expected) => {
    expect(issues(homeProfileRequest.safeParse(body))).toEqual(expected);
  });

  it('refuses a measure a door does not have', () => {
    const result = homeProfileRequest.safeParse({ openings: [{ ...door, depthMm: 500 }] });
    expect(result.error?.issues).toMatchObject([
      { path: ['openings', 0, 'depthMm'], message: homeMessages.noDepth },
    ]);
    // What GET answers for a door, its depth null, is taken back as it is.
    expect(
      homeProfileRequest.parse({ openings: [{ ...door, depthMm: null }] }).openings[0]?.depthMm,
    ).toBeNull();
  });
});
