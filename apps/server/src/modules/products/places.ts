/**
 * A listing's place as the rules see it: the district must lie in the division and the area in the
 * district (the shared `listingPlaceSchema`, so the product form and the server say the same words), and
 * how a place reads on cards and the product page in both languages (decision 0042).
 */
import { messages, placeMessages, type PlaceNameText } from '@furniture-mart/shared';
import {
  findArea,
  findDistrict,
  listingPlaceSchema,
  placeLabel,
  type ListingPlace,
} from '@furniture-mart/shared/places';
import { BadRequest } from '../../platform/errors.js';

/** A bad place: 400 naming the field (`district` or `area`), in the request's language. */
function placeRefused(fields: Record<string, string>): BadRequest {
  return new BadRequest(messages.fieldsNeedAttention, fields, 'VALIDATION_FAILED');
}

/** The place of a new or edited listing, checked; refused with a 400 on the field at fault. */
export function checkedListingPlace(place: {
  location: string;
  district: string;
  area?: string | null | undefined;
}): ListingPlace {
  const parsed = listingPlaceSchema.safeParse({
    division: place.location,
    district: place.district,
    area: place.area ?? null,
  });
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'division' ? 'location' : String(issue.path[0] ?? 'district');
    fields[field] ??= issue.message;
  }
  throw placeRefused(fields);
}

/**
 * The place filters of a listing, checked against each other: a district must be known and in the
 * division when one is given, an area known and in the district when one is given.
 */
export function checkPlaceFilter(filter: { location?: string; district?: string; area?: string }): void {
  const fields: Record<string, string> = {};
  const district = filter.district === undefined ? undefined : findDistrict(filter.district);
  if (filter.district !== undefined && !district) fields.district = placeMessages.chooseDistrict;
  if (district && filter.location !== undefined && district.division !== filter.location) {
    checkedListingPlace({ location: filter.location, district: district.id });
  }
  if (filter.area !== undefined) {
    const area = findArea(filter.area);
    if (!area) fields.area = placeMessages.chooseArea;
    else if (district && area.district !== district.id) {
      checkedListingPlace({ location: district.division, district: district.id, area: area.id });
    } else if (!district && filter.location !== undefined) {
      // An area alone names its district; it must still lie in the division asked for.
      checkedListingPlace({ location: filter.location, district: area.district, area: area.id });
    }
  }
  if (Object.keys(fields).length > 0) throw placeRefused(fields);
}

/** "Mirpur, Dhaka" and "মিরপুর, ঢাকা": both, so a kept listing serves either language. */
export function placeNameOf(place: {
  location: string;
  district: string | null;
  area: string | null;
}): PlaceNameText {
  const of = { division: place.location, district: place.district, area: place.area };
  return { en: placeLabel(of, 'en'), bn: placeLabel(of, 'bn') };
}
