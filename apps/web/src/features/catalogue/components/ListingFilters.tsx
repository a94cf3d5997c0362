import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { catalogueFilterForm, conditions, locations, type Category } from '@furniture-mart/shared';
import { Dialog } from '../../../components/ui/Dialog';
import { SelectField, TextField } from '../../../components/ui/Field';
import type { ListingFilters as Filters } from '../listingState';
import { conditionLabels } from './conditionLabel';

const conditionOptions = conditions.map((condition) => ({
  value: condition,
  label: conditionLabels[condition],
}));
const locationOptions = locations.map((location) => ({ value: location, label: location }));

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
}

interface FiltersFormProps extends Omit<ListingFiltersProps, 'resetKey'> {
  /** In the phone sheet: no box of its own, and the buttons span the width. */
  inSheet?: boolean;
}

/**
 * Search words, price range, condition, location (and category when searching everywhere).
 * Applied together on submit, so a half-typed price never fires a request.
 */
function FiltersForm({ value, onApply, onClear, categories, label, inSheet = false }: FiltersFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(catalogueFilterForm), defaultValues: value });
  const active = Object.values(value).some(Boolean);

  return (
    <form
      role="search"
      aria-label={label}
      noValidate
      onSubmit={handleSubmit((filters) => onApply(filters))}
      className={inSheet ? '' : 'rounded-box border border-base-300 bg-base-200/50 p-4 sm:p-5'}
    >
      <div className={`grid grid-cols-2 gap-4 ${categories ? 'lg:grid-cols-7' : 'lg:grid-cols-6'}`}>
        <TextField
          label="Search"
          type="search"
          placeholder="Words in the title or description"
          enterKeyHint="search"
          className="col-span-2"
          error={errors.q?.message}
          {...register('q')}
        />
        {categories ? (
          <SelectField
            label="Category"
            className="col-span-2 lg:col-span-1"
            options={categories.map((category) => ({ value: category.slug, label: category.title }))}
            emptyOption={{ label: 'All categories', selectable: true }}
            error={errors.category?.message}
            {...register('category')}
          />
        ) : null}
        <TextField
          label="Min price ($)"
          inputMode="decimal"
          placeholder="0"
          autoComplete="off"
          error={errors.minPrice?.message}
          {...register('minPrice')}
        />
        <TextField
          label="Max price ($)"
          inputMode="decimal"
          placeholder="Any"
          autoComplete="off"
          error={errors.maxPrice?.message}
          {...register('maxPrice')}
        />
        <SelectField
          label="Condition"
          options={conditionOptions}
          emptyOption={{ label: 'Any condition', selectable: true }}
          error={errors.condition?.message}
          {...register('condition')}
        />
        <SelectField
          label="Location"
          options={locationOptions}
          emptyOption={{ label: 'Anywhere', selectable: true }}
          error={errors.location?.message}
          {...register('location')}
        />
      </div>
      <div className={`mt-4 flex flex-wrap justify-end gap-2 ${inSheet ? '*:flex-1' : ''}`}>
        {active ? (
          <button type="button" className="btn btn-ghost" onClick={onClear}>
            Clear filters
          </button>
        ) : null}
        <button type="submit" className="btn btn-primary">
          Apply filters
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
        Filters
        {activeCount > 0 ? (
          <span className="badge badge-primary badge-sm">
            {activeCount}
            <span className="sr-only"> set</span>
          </span>
        ) : null}
      </button>
      {sheetOpen ? (
        <Dialog title="Filters" onClose={() => setSheetOpen(false)} returnFocusRef={buttonRef}>
          <FiltersForm key={resetKey} {...inSheet} inSheet />
        </Dialog>
      ) : null}
    </>
  );
}
