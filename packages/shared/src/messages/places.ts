/** Divisions, districts and areas of a listing. */
import { messageGroup, t } from './runtime.js';

export const placeMessages = messageGroup('places', {
  districtNotInDivision: (district: string, division: string) =>
    t('places.districtNotInDivision', { district, division }),
  areaNotInDistrict: (area: string, district: string) => t('places.areaNotInDistrict', { area, district }),
});
