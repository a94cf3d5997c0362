/**
 * Division, district and area picked in a cascade: the districts of the chosen division, the areas of the
 * chosen district. The places' data (some 12 KB) has its own entry and is fetched the first time a
 * form that picks a place is shown, so pages that only show places never load it (decision 0040).
 */
import { useEffect, useState } from 'react';
import { currentLocale, locationLabel, locations, type Location } from '@furniture-mart/shared';
import type * as Places from '@furniture-mart/shared/places';
import { SelectField } from './Field';

type PlacesModule = typeof Places;

let loaded: PlacesModule | null = null;
const loadPlaces = async (): Promise<PlacesModule> => {
  loaded ??= await import('@furniture-mart/shared/places');
  return loaded;
};

/**
 * The places' module once fetched; null before (and while rendering on the server, so the page the
 * server sends and the first render in the browser agree).
 */
export function usePlaces(): PlacesModule | null {
  const [places, setPlaces] = useState<PlacesModule | null>(null);
  useEffect(() => {
    let live = true;
    void loadPlaces().then((module) => {
      if (live) setPlaces(module);
    });
    return () => {
      live = false;
    };
  }, []);
  return places;
}

export interface PlaceValue {
  division: Location | '';
  district: string;
  area: string;
}

interface PlaceFieldsProps {
  value: PlaceValue;
  onChange: (value: PlaceValue) => void;
  /** Form field names, for a form read with FormData. */
  names?: { division: string; district: string; area: string };
  labels: { division: string; district: string; area: string };
  /** The empty option of each select: a prompt, or with `selectable` a real choice ("Anywhere"). */
  empty: {
    division: { label: string; selectable?: boolean };
    district: { label: string; selectable?: boolean };
    area: { label: string; selectable?: boolean };
  };
  errors?: { division?: string | undefined; district?: string | undefined; area?: string | undefined };
  /** Classes for each field's wrapper. */
  className?: string;
  /** Marks the district as needed (a new listing). */
  districtRequired?: boolean;
  /** Shown under the area. */
  areaHint?: string;
}

/** The three selects; a new division clears a district outside it, a new district clears its area. */
export function PlaceFields({
  value,
  onChange,
  names,
  labels,
  empty,
  errors = {},
  className,
  districtRequired = false,
  areaHint,
}: PlaceFieldsProps) {
  const places = usePlaces();
  const language = currentLocale() === 'bn' ? 'bn' : 'en';

  // An address may name an area or a district alone ("?area=dhaka-mirpur"): the levels above it follow.
  const area = places && value.area ? places.findArea(value.area) : undefined;
  const district = places?.findDistrict(area?.district ?? value.district);
  const incomplete = Boolean(district && (!value.division || !value.district));
  useEffect(() => {
    if (incomplete && district) onChange({ ...value, division: district.division, district: district.id });
  }, [incomplete, district, value, onChange]);

  // Until the data comes, a chosen district or area is offered alone, named by its id.
  const districts = places
    ? value.division
      ? places.districtsOf(value.division)
      : []
    : value.district
      ? [{ id: value.district, name: { en: value.district, bn: value.district } }]
      : [];
  const areas = places
    ? value.district
      ? places.areasOf(value.district)
      : []
    : value.area
      ? [{ id: value.area, name: { en: value.area, bn: value.area } }]
      : [];

  const chooseDivision = (division: string) => {
    const keep = places?.isDistrictInDivision(value.district, division) ?? false;
    onChange({
      division: division as PlaceValue['division'],
      district: keep ? value.district : '',
      area: keep ? value.area : '',
    });
  };
  const chooseDistrict = (district: string) =>
    onChange({ ...value, district, area: district === value.district ? value.area : '' });

  return (
    <>
      <SelectField
        label={labels.division}
        className={className}
        name={names?.division}
        options={locations.map((location) => ({ value: location, label: locationLabel(location) }))}
        emptyOption={empty.division}
        error={errors.division}
        value={value.division}
        onChange={(event) => chooseDivision(event.target.value)}
      />
      <SelectField
        label={labels.district}
        className={className}
        name={names?.district}
        options={districts.map((district) => ({ value: district.id, label: district.name[language] }))}
        emptyOption={empty.district}
        error={errors.district}
        value={value.district}
        disabled={!value.division}
        aria-required={districtRequired || undefined}
        onChange={(event) => chooseDistrict(event.target.value)}
      />
      <SelectField
        label={labels.area}
        className={className}
        name={names?.area}
        options={areas.map((area) => ({ value: area.id, label: area.name[language] }))}
        emptyOption={{ ...empty.area, selectable: true }}
        error={errors.area}
        hint={areaHint}
        value={value.area}
        disabled={!value.district || (places !== null && areas.length === 0)}
        onChange={(event) => onChange({ ...value, area: event.target.value })}
      />
    </>
  );
}
