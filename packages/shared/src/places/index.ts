/**
 * Where a piece is picked up: Bangladesh's eight divisions (the specification's locations, which stay the
 * first level and keep its spellings), its 64 districts and their areas (upazilas, and the metropolitan
 * thanas of Dhaka and Chattogram), in English and Bangla. The data is some 12 KB gzipped, so it has its own
 * entry (`@furniture-mart/shared/places`) for the pages and routes that pick or check a place.
 */
import { z } from 'zod';
import { locations, type Location } from '../enums.js';
import { currentLocale, placeMessages } from '../messages/index.js';
import { districtRows, divisionNamesBn, thanaRows, upazilaRows } from './data.js';

export type PlaceLanguage = 'en' | 'bn';
export type PlaceName = Record<PlaceLanguage, string>;

export interface Division {
  id: Location;
  name: PlaceName;
}
export interface District {
  id: string;
  division: Location;
  name: PlaceName;
}
export interface Area {
  /** The district's id, a dash and the area's own slug: "dhaka-mirpur". */
  id: string;
  district: string;
  kind: 'thana' | 'upazila';
  name: PlaceName;
}

const divisionList: readonly Division[] = locations.map((id) => ({
  id,
  name: { en: id, bn: divisionNamesBn[id] },
}));
const districtList: readonly District[] = districtRows.map(([id, en, bn, division]) => ({
  id,
  division,
  name: { en, bn },
}));
const areasByDistrict = new Map<string, readonly Area[]>(
  districtList.map((district) => {
    const area = (kind: Area['kind']) => (row: readonly [string, string, string]) => ({
      id: `${district.id}-${row[0]}`,
      district: district.id,
      kind,
      name: { en: row[1], bn: row[2] },
    });
    // A city's thanas first: they are where most of its people live.
    const areas = [
      ...(thanaRows[district.id] ?? []).map(area('thana')),
      ...(upazilaRows[district.id] ?? []).map(area('upazila')),
    ];
    return [district.id, areas];
  }),
);
const divisionsById = new Map(divisionList.map((division) => [division.id as string, division]));
const districtsById = new Map(districtList.map((district) => [district.id, district]));
const areasById = new Map([...areasByDistrict.values()].flat().map((area) => [area.id, area]));

export const listDivisions = (): readonly Division[] => divisionList;
export const listDistricts = (): readonly District[] => districtList;
export const districtsOf = (division: string): District[] =>
  districtList.filter((district) => district.division === division);
export const areasOf = (district: string): readonly Area[] => areasByDistrict.get(district) ?? [];

export const findDivision = (id: string): Division | undefined => divisionsById.get(id);
export const findDistrict = (id: string): District | undefined => districtsById.get(id);
export const findArea = (id: string): Area | undefined => areasById.get(id);

export const isDistrictInDivision = (district: string, division: string): boolean =>
  findDistrict(district)?.division === division;
export const isAreaInDistrict = (area: string, district: string): boolean =>
  findArea(area)?.district === district;

/**
 * How a listing's place reads on a card and the product page: "Mirpur, Dhaka" (area and district), or the
 * district and its division ("Gazipur, Dhaka"; a district named as its division once), or the division
 * alone for a listing that has no district yet.
 */
export function placeLabel(
  place: { division: string; district?: string | null; area?: string | null },
  language: PlaceLanguage,
): string {
  const area = place.area ? findArea(place.area) : undefined;
  const district = place.district ? findDistrict(place.district) : undefined;
  const division = findDivision(place.division);
  const names = area ? [area, district] : [district, division];
  const parts = names.flatMap((found) => (found ? [found.name[language]] : []));
  return [...new Set(parts)].join(', ');
}

// ---------- a listing's place ----------

/** A place's name in the language being spoken now (the request's, or the page's). */
const nameIn = (name: PlaceName) => name[currentLocale() === 'bn' ? 'bn' : 'en'];

/** Adds an issue to `ctx` for a district outside the division or an area outside the district. */
export function checkListingPlace(
  place: { division: string; district: string; area?: string | null | undefined },
  ctx: z.RefinementCtx,
): void {
  const district = findDistrict(place.district);
  const division = findDivision(place.division);
  if (!district) {
    ctx.addIssue({ code: 'custom', path: ['district'], message: placeMessages.chooseDistrict });
  } else if (division && district.division !== division.id) {
    ctx.addIssue({
      code: 'custom',
      path: ['district'],
      message: placeMessages.districtNotInDivision(nameIn(district.name), nameIn(division.name)),
    });
  }
  if (!place.area || !district) return;
  const area = findArea(place.area);
  if (!area) ctx.addIssue({ code: 'custom', path: ['area'], message: placeMessages.chooseArea });
  else if (area.district !== district.id) {
    ctx.addIssue({
      code: 'custom',
      path: ['area'],
      message: placeMessages.areaNotInDistrict(nameIn(area.name), nameIn(district.name)),
    });
  }
}

/** The fields of a listing's place, to spread into a listing's request object before `checkListingPlace`. */
export const listingPlaceFields = {
  division: z.enum(locations, { error: () => placeMessages.chooseDivision }),
  district: z
    .string({ error: () => placeMessages.chooseDistrict })
    .trim()
    .min(1, { error: () => placeMessages.chooseDistrict }),
  area: z
    .string()
    .trim()
    .max(80)
    .nullish()
    .transform((area) => area || null),
};

/** `{division, district, area?}` of a listing: the district in the division, the area in the district. */
export const listingPlaceSchema = z.strictObject(listingPlaceFields).superRefine(checkListingPlace);
export type ListingPlace = z.output<typeof listingPlaceSchema>;
