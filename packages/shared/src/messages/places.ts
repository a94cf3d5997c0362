/** Divisions, districts and areas of a listing. */
export const placeMessages = {
  chooseDivision: 'Choose one of the divisions.',
  chooseDistrict: 'Choose one of the districts.',
  chooseArea: 'Choose one of the areas, or leave the area empty.',
  districtNotInDivision: (district: string, division: string) =>
    `${district} is not in ${division} division. Choose a district of ${division}.`,
  areaNotInDistrict: (area: string, district: string) =>
    `${area} is not in ${district} district. Choose an area of ${district}.`,
} as const;
