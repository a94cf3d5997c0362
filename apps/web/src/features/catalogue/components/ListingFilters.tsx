import { useRef, useState, type FormEvent } from 'react';
import {
  categoryName,
  conditions,
  currencySymbol,
  formatNumber,
  t,
  type Category,
} from '@furniture-mart/shared';
import { Dialog } from '../../../components/ui/Dialog';
import { SelectField, TextField } from '../../../components/ui/Field';
import { PlaceFields, type PlaceValue } from '../../../components/ui/PlaceFields';
import type { ListingFilters as Filters } from '../listingState';
import { conditionLabels } from './conditionLabel';

const fields = [
  'q',
  'category',
  'minPrice',
  'maxPrice',
  'condition',
  'location',
  'district',
  'area',
  'fits',
] as const;

/** What the form holds now; a field the form does not show is empty. */
function readForm(form: HTMLFormElement): Filters {
  const data = new FormData(form);
  const read = (name: (typeof fields)[number]) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  return {
    q: read('q'),
    category: read('category'),
    minPrice: read('minPrice'),
    maxPrice: read('maxPrice'),
    condition: read('condition') as Filters['condition'],
    location: read('location') as Filters['location'],
    district: read('district'),
    area: read('area'),
    fits: read('fits') === '1' ? '1' : '',
  };
}

/** The shared schema's checks, fetched the first time the form is checked. */
const check = async (form: HTMLFormElement) => (await import('../validation')).checkFilters(readForm(form));

// Read when the form renders, so the labels are in the page's language.
const conditionOptions = () =>
  conditions.map((condition) => ({ value: condition, label: conditionLabels[condition] }));

interface ListingFiltersProps {
  /** The filters in the URL; the form starts from them. */
  value: Filters;
  onApply: (filters: Filters) => void;
  onClear: () => void;
  /** Offered on the search page, which spans every category. */
  categories?: Category[];
  /** Names the form for assistive technology, e.g. "Filter Bed Room". */
  label: string;
  /** A new value starts the form afresh (a new URL: back button, shared link, clear). */
  resetKey: string;
  /** The shop's currency, whose sign the price fields name; USD until it is known. */
  currency?: string | undefined;
  /** Offered to a buyer who saved their home: only pieces that pass every opening of it. */
  canFilterByFit?: boolean;
}

interface FiltersFormProps extends Omit<ListingFiltersProps, 'resetKey'> {
  /** In the phone sheet: no box of its own, and the buttons span the width. */
  inSheet?: boolean;
}

/**
 * Search words, price range, condition, location (and category when searching everywhere).
 * Applied together on submit, so a half-typed price never fires a request.
 */
function FiltersForm({
  value,
  onApply,
  onClear,
  categories,
  label,
  currency,
  canFilterByFit = false,
  inSheet = false,
}: FiltersFormProps) {
  // A plain form rather than the form library: its fields are read once, on submit, and the library
  // would re-render the form as it comes to life on every listing page.
  const [errors, setErrors] = useState<Partial<Record<keyof Filters, string>>>({});
  // Division, district and area cascade, so the three are held here rather than read from the form alone.
  const [place, setPlace] = useState<PlaceValue>({
    division: value.location,
    district: value.district,
    area: value.area,
  });
  const active = Object.values(value).some(Boolean);
  const symbol = currencySymbol(currency ?? 'USD');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const result = await check(form);
    if (result.ok) {
      setErrors({});
      onApply(result.filters);
      return;
    }
    setErrors(result.errors);
    const first = fields.find((name) => result.errors[name]);
    const control = first ? form.elements.namedItem(first) : null;
    if (control instanceof HTMLElement) control.focus();
  }

  // Once a submit has found mistakes, each change checks again, so a corrected field clears its message.
  async function recheck(event: FormEvent<HTMLFormElement>) {
    if (Object.keys(errors).length === 0) return;
    const result = await check(event.currentTarget);
    setErrors(result.ok ? {} : result.errors);
  }

  return (
    <form
      role="search"
      aria-label={label}
      noValidate
      onSubmit={(event) => void submit(event)}
      onChange={(event) => void recheck(event)}
      className={inSheet ? '' : 'rounded-box border border-base-300 bg-base-200/50 p-4 sm:p-5'}
    >
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <TextField
          label={t('filters.search')}
          type="search"
          placeholder={t('filters.searchPlaceholder')}
          enterKeyHint="search"
          className="col-span-2"
          error={errors.q}
          name="q"
          defaultValue={value.q}
        />
        {categories ? (
          <SelectField
            label={t('filters.category')}
            className="col-span-2"
            options={categories.map((category) => ({
              value: category.slug,
              label: categoryName(category.slug, category.title),
            }))}
            emptyOption={{ label: t('filters.allCategories'), selectable: true }}
            error={errors.category}
            name="category"
            defaultValue={value.category}
          />
        ) : null}
        <TextField
          label={t('filters.minPrice', { symbol })}
          inputMode="decimal"
          placeholder="0"
          autoComplete="off"
          error={errors.minPrice}
          name="minPrice"
          defaultValue={value.minPrice}
        />
        <TextField
          label={t('filters.maxPrice', { symbol })}
          inputMode="decimal"
          placeholder={t('filters.any')}
          autoComplete="off"
          error={errors.maxPrice}
          name="maxPrice"
          defaultValue={value.maxPrice}
        />
        <SelectField
          label={t('filters.condition')}
          options={conditionOptions()}
          emptyOption={{ label: t('filters.anyCondition'), selectable: true }}
          error={errors.condition}
          name="condition"
          defaultValue={value.condition}
        />
        <PlaceFields
          value={place}
          onChange={setPlace}
          names={{ division: 'location', district: 'district', area: 'area' }}
          labels={{
            division: t('places.division'),
            district: t('places.district'),
            area: t('places.area'),
          }}
          empty={{
            division: { label: t('filters.anywhere'), selectable: true },
            district: { label: t('places.anyDistrict'), selectable: true },
            area: { label: t('places.anyArea'), selectable: true },
          }}
          errors={{ division: errors.location, district: errors.district, area: errors.area }}
        />
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-base-content/80">{t('condition.whatTheyMean')}</summary>
        <dl className="mt-2 space-y-1">
          {conditions.map((condition) => (
            <div key={condition}>
              <dt className="inline font-medium">{conditionLabels[condition]}: </dt>
              <dd className="inline text-base-content/80">{t(`condition.definition.${condition}`)}</dd>
            </div>
          ))}
        </dl>
      </details>
      {canFilterByFit ? (
        <label className="mt-4 flex items-center gap-3 text-sm">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            name="fits"
            value="1"
            defaultChecked={value.fits === '1'}
          />
          <span>
            <span className="font-medium">{t('fit.filter')}</span>
            <span className="block text-base-content/70">{t('fit.filterHint')}</span>
          </span>
        </label>
      ) : null}
      <div className={`mt-4 flex flex-wrap justify-end gap-2 ${inSheet ? '*:flex-1' : ''}`}>
        {active ? (
          <button type="button" className="btn btn-ghost" onClick={onClear}>
            {t('listing.clearFilters')}
          </button>
        ) : null}
        <button type="submit" className="btn btn-primary">
          {t('filters.apply')}
        </button>
      </div>
    </form>
  );
}

/**
 * The filters in a box above the results; on phones, where that box would fill the first screen, a
 * "Filters" button that opens them in a sheet from the bottom instead.
 */
export function ListingFilters({ resetKey, ...props }: ListingFiltersProps) {
  const [sheetOpen, setSheetOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const activeCount = Object.values(props.value).filter(Boolean).length;

  const inSheet = {
    ...props,
    onApply: (filters: Filters) => {
      setSheetOpen(false);
      props.onApply(filters);
    },
    onClear: () => {
      setSheetOpen(false);
      props.onClear();
    },
  };

  return (
    <>
      <div className="max-sm:hidden">
        <FiltersForm key={resetKey} {...props} />
      </div>
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-outline w-full sm:hidden"
        aria-haspopup="dialog"
        onClick={() => setSheetOpen(true)}
      >
        <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" focusable="false">
          <path d="M4 6h16M7 12h10M10 18h4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        {t('filters.title')}
        {activeCount > 0 ? (
          <span className="badge badge-primary badge-sm">
            {formatNumber(activeCount)}
            <span className="sr-only"> {t('filters.set')}</span>
          </span>
        ) : null}
      </button>
      {sheetOpen ? (
        <Dialog title={t('filters.title')} onClose={() => setSheetOpen(false)} returnFocusRef={buttonRef}>
          <FiltersForm key={resetKey} {...inSheet} inSheet />
        </Dialog>
      ) : null}
    </>
  );
}
