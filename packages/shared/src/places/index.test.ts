import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  areasOf,
  checkListingPlace,
  districtsOf,
  findArea,
  findDistrict,
  findDivision,
  isAreaInDistrict,
  isDistrictInDivision,
  listDistricts,
  listDivisions,
  listingPlaceFields,
  listingPlaceSchema,
  placeLabel,
} from './index.js';
import { locations } from '../enums.js';
import { placeMessages } from '../messages/index.js';

const BANGLA = /^[\u0980-\u09FF][\u0980-\u09FF ]*$/u;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

describe('the places of Bangladesh', () => {
  it('has the 8 divisions of the specification, in its order and spelling', () => {
    expect(listDivisions().map((division) => division.id)).toEqual([...locations]);
    expect(listDivisions().map((division) => division.name.en)).toEqual([
      'Dhaka',
      'Chittagong',
      'Barisal',
      'Khulna',
      'Mymensingh',
      'Rajshahi',
      'Sylhet',
      'Rangpur',
    ]);
  });

  it('has 64 districts, each in exactly one division', () => {
    expect(listDistricts()).toHaveLength(64);
    const perDivision = listDivisions().map((division) => districtsOf(division.id).length);
    expect(perDivision.reduce((sum, count) => sum + count, 0)).toBe(64);
    expect(Object.fromEntries(listDivisions().map((division, i) => [division.id, perDivision[i]]))).toEqual({
      Dhaka: 13,
      Chittagong: 11,
      Barisal: 6,
      Khulna: 10,
      Mymensingh: 4,
      Rajshahi: 8,
      Sylhet: 4,
      Rangpur: 8,
    });
    for (const district of listDistricts()) {
      expect(
        listDivisions().filter((division) => isDistrictInDivision(district.id, division.id)),
      ).toHaveLength(1);
    }
  });

  it('gives every place a unique slug id and a Bangla name', () => {
    const areas = listDistricts().flatMap((district) => areasOf(district.id));
    const ids = [...listDistricts(), ...areas].map((place) => place.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(SLUG);
    for (const place of [...listDivisions(), ...listDistricts(), ...areas]) {
      expect(place.name.bn, place.name.en).toMatch(BANGLA);
      expect(place.name.en.trim()).toBe(place.name.en);
    }
  });

  it('gives every district its areas, and the two cities their thanas', () => {
    for (const district of listDistricts())
      expect(areasOf(district.id).length, district.id).toBeGreaterThan(0);
    const thanas = (district: string) => areasOf(district).filter((area) => area.kind === 'thana');
    expect(thanas('dhaka')).toHaveLength(50);
    expect(thanas('chattogram').length).toBeGreaterThanOrEqual(15);
    expect(areasOf('dhaka').map((area) => area.name.en)).toEqual(
      expect.arrayContaining(['Mirpur', 'Gulshan', 'Dhanmondi', 'Uttara East', 'Savar', 'Keraniganj']),
    );
    expect(areasOf('chattogram').map((area) => area.name.en)).toEqual(
      expect.arrayContaining(['Panchlaish', 'Double Mooring', 'Patenga', 'Karnafuli', 'Hathazari']),
    );
  });

  it('looks places up by id', () => {
    expect(findDivision('Chittagong')?.name).toEqual({ en: 'Chittagong', bn: 'চট্টগ্রাম' });
    expect(findDistrict('coxs-bazar')).toEqual({
      id: 'coxs-bazar',
      division: 'Chittagong',
      name: { en: "Cox's Bazar", bn: 'কক্সবাজার' },
    });
    expect(findArea('dhaka-mirpur')).toEqual({
      id: 'dhaka-mirpur',
      district: 'dhaka',
      kind: 'thana',
      name: { en: 'Mirpur', bn: 'মিরপুর' },
    });
    // The same name in two districts is two places.
    expect(findArea('kushtia-mirpur')?.district).toBe('kushtia');
    expect(findArea('chattogram-kotwali')?.district).toBe('chattogram');
    expect(findDivision('Chattogram')).toBeUndefined();
    expect(findDistrict('Dhaka')).toBeUndefined();
    expect(findArea('mirpur')).toBeUndefined();
    expect(areasOf('atlantis')).toEqual([]);
    expect(districtsOf('Atlantis')).toEqual([]);
  });

  it('knows what lies in what', () => {
    expect(isDistrictInDivision('gazipur', 'Dhaka')).toBe(true);
    expect(isDistrictInDivision('gazipur', 'Khulna')).toBe(false);
    expect(isDistrictInDivision('chattogram', 'Chittagong')).toBe(true);
    expect(isAreaInDistrict('dhaka-gulshan', 'dhaka')).toBe(true);
    expect(isAreaInDistrict('dhaka-gulshan', 'gazipur')).toBe(false);
    expect(isAreaInDistrict('nowhere', 'dhaka')).toBe(false);
  });

  it.each([
    [{ division: 'Dhaka', district: 'dhaka', area: 'dhaka-mirpur' }, 'Mirpur, Dhaka', 'মিরপুর, ঢাকা'],
    [
      { division: 'Chittagong', district: 'chattogram', area: 'chattogram-panchlaish' },
      'Panchlaish, Chattogram',
      'পাঁচলাইশ, চট্টগ্রাম',
    ],
    [{ division: 'Dhaka', district: 'gazipur' }, 'Gazipur, Dhaka', 'গাজীপুর, ঢাকা'],
    [{ division: 'Dhaka', district: 'dhaka', area: null }, 'Dhaka', 'ঢাকা'],
    [{ division: 'Sylhet' }, 'Sylhet', 'সিলেট'],
  ])('labels %j', (place, english, bangla) => {
    expect(placeLabel(place, 'en')).toBe(english);
    expect(placeLabel(place, 'bn')).toBe(bangla);
  });
});

describe('a listing’s place', () => {
  const issues = (body: unknown) =>
    listingPlaceSchema.safeParse(body).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

  it('accepts a district of the division and an area of the district', () => {
    expect(listingPlaceSchema.parse({ division: 'Dhaka', district: 'dhaka', area: 'dhaka-mirpur' })).toEqual({
      division: 'Dhaka',
      district: 'dhaka',
      area: 'dhaka-mirpur',
    });
    expect(listingPlaceSchema.parse({ division: 'Rangpur', district: 'kurigram' })).toEqual({
      division: 'Rangpur',
      district: 'kurigram',
      area: null,
    });
    expect(listingPlaceSchema.parse({ division: 'Dhaka', district: 'gazipur', area: '' }).area).toBeNull();
  });

  it.each<[string, unknown, [string, string][]]>([
    [
      'a district of another division',
      { division: 'Khulna', district: 'gazipur' },
      [['district', placeMessages.districtNotInDivision('Gazipur', 'Khulna')]],
    ],
    [
      'an area of another district',
      { division: 'Dhaka', district: 'gazipur', area: 'dhaka-mirpur' },
      [['area', placeMessages.areaNotInDistrict('Mirpur', 'Gazipur')]],
    ],
    [
      'an unknown district',
      { division: 'Dhaka', district: 'atlantis' },
      [['district', placeMessages.chooseDistrict]],
    ],
    ['a missing district', { division: 'Dhaka' }, [['district', placeMessages.chooseDistrict]]],
    [
      'an unknown area',
      { division: 'Dhaka', district: 'dhaka', area: 'dhaka-atlantis' },
      [['area', placeMessages.chooseArea]],
    ],
    [
      'an unknown division',
      { division: 'Chattogram', district: 'chattogram' },
      [['division', placeMessages.chooseDivision]],
    ],
    [
      'a district given by its name',
      { division: 'Dhaka', district: 'Dhaka' },
      [['district', placeMessages.chooseDistrict]],
    ],
  ])('refuses %s', (_, body, expected) => {
    expect(issues(body)).toEqual(expected);
  });

  it('checks the same inside a larger request', () => {
    const listing = z
      .object({ title: z.string(), ...listingPlaceFields })
      .superRefine((body, ctx) => checkListingPlace(body, ctx));
    const result = listing.safeParse({ title: 'Sofa', division: 'Sylhet', district: 'dhaka' });
    expect(result.error?.issues).toMatchObject([
      { path: ['district'], message: placeMessages.districtNotInDivision('Dhaka', 'Sylhet') },
    ]);
  });
});
