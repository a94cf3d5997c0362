import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { catalogueFilterForm, conditions, locations, type Category } from '@furniture-mart/shared';
import { FieldFrame, FormField } from '../../../components/FormField';
import type { ListingFilters as Filters } from '../listingState';
import { conditionLabels } from './conditionLabel';

interface ListingFiltersProps {
  /** The filters in the URL; the form starts from them. */
  value: Filters;
  onApply: (filters: Filters) => void;
  onClear: () => void;
  /** Offered on the search page, which spans every category. */
  categories?: Category[];
  /** Names the form for assistive technology, e.g. "Filter Bed Room". */
  label: string;
}

/**
 * Search words, price range, condition, location (and category when searching everywhere).
 * Applied together on submit, so a half-typed price never fires a request.
 */
export function ListingFilters({ value, onApply, onClear, categories, label }: ListingFiltersProps) {
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
      className="rounded-box border border-base-300 bg-base-200/50 p-4 sm:p-5"
    >
      <div className={`grid grid-cols-2 gap-4 ${categories ? 'lg:grid-cols-7' : 'lg:grid-cols-6'}`}>
        <FormField
          label="Search"
          type="search"
          placeholder="Words in the title or description"
          enterKeyHint="search"
          className="col-span-2"
          error={errors.q?.message}
          {...register('q')}
        />
        {categories ? (
          <FieldFrame label="Category" className="col-span-2 lg:col-span-1" error={errors.category?.message}>
            {(control) => (
              <select className="select w-full" {...control} {...register('category')}>
                <option value="">All categories</option>
                {categories.map((category) => (
                  <option key={category.id} value={category.slug}>
                    {category.title}
                  </option>
                ))}
              </select>
            )}
          </FieldFrame>
        ) : null}
        <FormField
          label="Min price ($)"
          inputMode="decimal"
          placeholder="0"
          autoComplete="off"
          error={errors.minPrice?.message}
          {...register('minPrice')}
        />
        <FormField
          label="Max price ($)"
          inputMode="decimal"
          placeholder="Any"
          autoComplete="off"
          error={errors.maxPrice?.message}
          {...register('maxPrice')}
        />
        <FieldFrame label="Condition" error={errors.condition?.message}>
          {(control) => (
            <select className="select w-full" {...control} {...register('condition')}>
              <option value="">Any condition</option>
              {conditions.map((condition) => (
                <option key={condition} value={condition}>
                  {conditionLabels[condition]}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        <FieldFrame label="Location" error={errors.location?.message}>
          {(control) => (
            <select className="select w-full" {...control} {...register('location')}>
              <option value="">Anywhere</option>
              {locations.map((location) => (
                <option key={location} value={location}>
                  {location}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
      </div>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
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
