import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useForm, useWatch, type Control, type Path, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { notify } from '../../../components/ui/Toasts';
import {
  conditions,
  fromMillimetres,
  messages,
  minorToAmountString,
  productCreateRequestIn,
  sellerMessages,
  type ProductCreateRequest,
  type ProductEditRequest,
  type ProductPage,
  type Checklist,
} from '@furniture-mart/shared';
import { formatPhone, phoneSchema, type PhoneRegion } from '@furniture-mart/shared/phones';
import { Alert } from '../../../components/ui/Alert';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/Field';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { PlaceFields, type PlaceValue } from '../../../components/ui/PlaceFields';
import { errorMessage } from '../../../lib/api';
import { useCategories } from '../../../lib/catalogue';
import { applyServerFieldErrors } from '../../../lib/forms';
import { useConfig, useMe } from '../../../lib/session';
import { useCreateProduct, useEditProduct } from '../api';
import { PhotoPicker } from './PhotoPicker';
import { ConditionEvidence, type EvidenceValues } from './ConditionEvidence';
import { usePhotoUploads } from './usePhotoUploads';
import { categoryName, conditionLabel, currencySymbol, lengthUnitLabels, t } from '@furniture-mart/shared';

const fieldNames = [
  'title',
  'phone',
  'originalPrice',
  'sellingPrice',
  'yearsUsed',
  'description',
  'location',
  'district',
  'area',
  'condition',
  'categoryId',
  'photoIds',
  'dimensions',
  'flaws',
  'checklist',
  'acceptsCash',
] as const satisfies readonly Path<FormValues>[];

/** Where the server may put an error of the measures: the group, or one of its boxes. */
const dimensionFieldNames = [
  'dimensions.unit',
  'dimensions.width',
  'dimensions.depth',
  'dimensions.height',
  'dimensions.diagonalDepth',
  'dimensions.weightKg',
  'dimensions.comesApart',
] as const satisfies readonly Path<FormValues>[];

/** The measures as the form holds them: boxes of text in one unit; blank boxes are not sent. */
interface DimensionsForm {
  unit: 'cm' | 'in';
  width: string;
  depth: string;
  height: string;
  diagonalDepth: string;
  weightKg: string;
  comesApart: boolean;
}

// The checklist fills in one answer at a time; the schema asks for every one.
type FormValues = Omit<ProductCreateRequest, 'dimensions' | 'checklist'> & {
  dimensions: DimensionsForm;
  checklist?: Partial<Checklist> | undefined;
};

const noDimensions: DimensionsForm = {
  unit: 'cm',
  width: '',
  depth: '',
  height: '',
  diagonalDepth: '',
  weightKg: '',
  comesApart: false,
};

// The selects start empty (their placeholder), which the schema refuses with "this field is required".
const emptyForm = {
  title: '',
  phone: '',
  originalPrice: '',
  sellingPrice: '',
  yearsUsed: '',
  description: '',
  location: '',
  district: '',
  area: '',
  condition: '',
  categoryId: '',
  photoIds: [],
  dimensions: noDimensions,
  flaws: [],
  checklist: undefined,
  acceptsCash: false,
  firmPrice: false,
} as unknown as FormValues;

// Read when the form renders, so the labels are in the page's language.
const conditionOptions = () => conditions.map((value) => ({ value, label: conditionLabel(value) }));

/** The form's values of a product being edited, as the seller typed them when adding it (the phone grouped). */
function valuesOf(product: ProductPage, region: PhoneRegion): FormValues {
  const cm = (value: number | null) => (value === null ? '' : String(fromMillimetres(value, 'cm')));
  const { dimensions } = product;
  return {
    title: product.title,
    phone: product.viewer.phone ? formatPhone(product.viewer.phone, 'national', region) : '',
    originalPrice: minorToAmountString(product.originalPriceCents, product.currency),
    sellingPrice: minorToAmountString(product.sellingPriceCents, product.currency),
    yearsUsed: String(product.yearsUsed),
    description: product.description,
    location: product.location,
    // A listing from before districts were asked has none: the form asks for it (decision 0042).
    district: product.district ?? '',
    area: product.area ?? '',
    condition: product.condition,
    categoryId: product.category.id,
    photoIds: product.photos.map((photo) => photo.id),
    firmPrice: product.firmPrice ?? false,
    dimensions: {
      unit: 'cm',
      width: cm(dimensions.widthMm),
      depth: cm(dimensions.depthMm),
      height: cm(dimensions.heightMm),
      diagonalDepth: cm(dimensions.diagonalDepthMm),
      weightKg: dimensions.weightKg === null ? '' : String(dimensions.weightKg),
      comesApart: dimensions.comesApart,
    },
    flaws: product.flaws,
    checklist: product.checklist ?? undefined,
    acceptsCash: product.acceptsCash,
  } as FormValues;
}

interface ProductFormProps {
  /** The product to change (Edit); without it the form adds a new one. */
  editing?: ProductPage;
}

/**
 * Add A Product and Edit: the same fields and rules. An edit sends only what changed (the photo list
 * whole, when its photos or their order changed), so an untouched price records no price change.
 */
export function ProductForm({ editing }: ProductFormProps) {
  const navigate = useNavigate();
  const { data: me } = useMe();
  const { data: config } = useConfig();
  const categories = useCategories();
  const createProduct = useCreateProduct();
  const editProduct = useEditProduct(editing?.id ?? '');
  const uploads = usePhotoUploads(editing?.photos);
  const [formError, setFormError] = useState<string | null>(null);
  // Set when a submit found photos unfinished; the notice then follows their state until they are ready.
  const [photosNotice, setPhotosNotice] = useState(false);
  const currency = config?.currency ?? 'USD';
  const region = (config?.phoneRegion ?? 'BD') as PhoneRegion;
  // Prices are checked in the shop's currency (no decimals for JPY, up to three for BHD), the phone by
  // the rule the server runs for the shop's region. The schema reads the measures' boxes as the server
  // does (blank ones are not given). The form sends what was typed (raw): the server reads it by the
  // same schema, and the measures' stored form (nulls for blank boxes) is not what a request carries.
  const resolver = useMemo(
    () =>
      zodResolver(productCreateRequestIn(currency, phoneSchema(region)), undefined, {
        raw: true,
      }) as unknown as Resolver<FormValues>,
    [currency, region],
  );

  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitting, isSubmitted, dirtyFields },
  } = useForm<FormValues>({ resolver, defaultValues: editing ? valuesOf(editing, region) : emptyForm });
  const chosenCategory = useWatch({ control, name: 'categoryId' });
  const unit = useWatch({ control, name: 'dimensions.unit' });
  const condition = useWatch({ control, name: 'condition' }) as FormValues['condition'] | '';
  const [division, district, area] = useWatch({ control, name: ['location', 'district', 'area'] });
  const choosePlace = (next: PlaceValue) => {
    const options = { shouldDirty: true, shouldValidate: isSubmitted };
    setValue('location', next.division as FormValues['location'], options);
    setValue('district', next.district, options);
    setValue('area', next.area, options);
  };
  const measured = categories.data?.find((category) => category.id === chosenCategory)?.measured ?? false;

  // The form submits the ids of the photos that finished uploading, in the order shown (cover first).
  const uploadedIds = uploads.items.flatMap((item) => (item.uploaded ? [item.uploaded.id] : []));
  const uploadedKey = uploadedIds.join(',');
  useEffect(() => {
    setValue('photoIds', uploadedKey ? uploadedKey.split(',') : [], {
      shouldValidate: isSubmitted,
      shouldDirty: !editing || uploadedKey !== editing.photos.map((photo) => photo.id).join(','),
    });
  }, [uploadedKey, isSubmitted, setValue, editing]);

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      if (editing) {
        const originalPhotos = editing.photos.map((photo) => photo.id).join(',');
        const changes: Record<string, unknown> = {};
        for (const name of fieldNames) {
          if (name === 'photoIds') {
            if (values.photoIds.join(',') !== originalPhotos) changes.photoIds = values.photoIds;
          } else if (name === 'dimensions') {
            // The measures go whole when any box changed, in the unit shown.
            if (dirtyFields.dimensions && Object.values(dirtyFields.dimensions).some(Boolean)) {
              changes.dimensions = values.dimensions;
            }
          } else if (dirtyFields[name]) {
            changes[name] = values[name];
          }
        }
        if (Object.keys(changes).length === 0) {
          setFormError(sellerMessages.nothingToChange);
          return;
        }
        await editProduct.mutateAsync(changes as ProductEditRequest);
      } else {
        await createProduct.mutateAsync(values as unknown as ProductCreateRequest);
      }
    } catch (error) {
      // A 409 (sold, or someone is paying for it) has no field: its message shows above the button.
      if (!applyServerFieldErrors(error, setError, [...fieldNames, ...dimensionFieldNames])) {
        setFormError(errorMessage(error));
      }
      return;
    }
    if (editing) {
      notify.success(sellerMessages.productUpdated);
      await navigate(`/products/${editing.id}`);
    } else {
      notify.success(messages.productAdded);
      await navigate('/dashboard/myProducts');
    }
  });

  const photosPending = uploads.items.some((item) => item.status === 'uploading');
  const photosFailed = uploads.items.some((item) => item.status === 'failed');
  const photosMessage = !photosNotice
    ? null
    : photosPending
      ? sellerMessages.photosUploading
      : photosFailed
        ? sellerMessages.photosFailed
        : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Photos still on their way would otherwise read as "no photo"; say what is really going on.
    if (photosPending || photosFailed) {
      event.preventDefault();
      setFormError(null);
      setPhotosNotice(true);
      return;
    }
    setPhotosNotice(false);
    void submit(event);
  };

  const categoryOptions = (categories.data ?? []).map((category) => ({
    value: category.id,
    label: categoryName(category.slug, category.title),
  }));
  const photoError = errors.photoIds?.message ?? errors.photoIds?.root?.message;

  return (
    <form className="space-y-6" onSubmit={onSubmit} noValidate>
      <fieldset className="grid gap-4 md:grid-cols-2">
        <legend className="sr-only">{t('productForm.details')}</legend>
        <TextField
          label={t('productForm.name')}
          autoComplete="off"
          error={errors.title?.message}
          {...register('title')}
        />
        <TextField
          label={t('booking.phone')}
          type="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextField
          label={t('productForm.purchasePrice', { symbol: currencySymbol(currency) })}
          inputMode="decimal"
          autoComplete="off"
          hint={t('productForm.purchasePriceHint')}
          error={errors.originalPrice?.message}
          {...register('originalPrice')}
        />
        <TextField
          label={t('productForm.sellingPrice', { symbol: currencySymbol(currency) })}
          inputMode="decimal"
          autoComplete="off"
          hint={t('productForm.sellingPriceHint')}
          error={errors.sellingPrice?.message}
          {...register('sellingPrice')}
        />
        <label className="flex items-start gap-3 text-sm md:col-span-2">
          <input type="checkbox" className="checkbox checkbox-sm mt-0.5" {...register('firmPrice')} />
          <span>
            <span className="font-medium">{t('productForm.firmPrice')}</span>
            <span className="block text-base-content/70">{t('productForm.firmPriceHint')}</span>
          </span>
        </label>
        <TextField
          label={t('product.yearsUsed')}
          inputMode="numeric"
          autoComplete="off"
          error={errors.yearsUsed?.message}
          {...register('yearsUsed')}
        />
        <PlaceFields
          value={{ division: (division ?? '') as PlaceValue['division'], district, area: area ?? '' }}
          onChange={choosePlace}
          names={{ division: 'location', district: 'district', area: 'area' }}
          labels={{
            division: t('places.division'),
            district: t('places.district'),
            area: t('places.area'),
          }}
          empty={{
            division: { label: t('productForm.chooseLocation') },
            district: { label: t('places.pickDistrict') },
            area: { label: t('places.noArea') },
          }}
          errors={{
            division: errors.location?.message,
            district: errors.district?.message,
            area: errors.area?.message,
          }}
          districtRequired
          areaHint={t('places.areaHint')}
        />
        <SelectField
          label={t('filters.condition')}
          emptyOption={{ label: t('productForm.chooseCondition') }}
          options={conditionOptions()}
          hint={condition ? t(`condition.definition.${condition}`) : undefined}
          error={errors.condition?.message}
          {...register('condition')}
        />
        <SelectField
          label={t('filters.category')}
          emptyOption={{
            label: categories.isPending
              ? t('productForm.loadingCategories')
              : t('productForm.chooseCategory'),
          }}
          options={categoryOptions}
          error={
            errors.categoryId?.message ?? (categories.isError ? errorMessage(categories.error) : undefined)
          }
          {...register('categoryId')}
        />
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-base-content">{t('product.size')}</legend>
        <p className="text-sm text-base-content/70">
          {measured ? t('productForm.sizeRequired') : t('productForm.sizeOptional')}
        </p>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <SelectField
            label={t('fit.unitLabel')}
            options={[
              { value: 'cm', label: t('fit.unitName.cm') },
              { value: 'in', label: t('fit.unitName.in') },
            ]}
            error={errors.dimensions?.unit?.message}
            {...register('dimensions.unit')}
          />
          <TextField
            label={`${t('productForm.width')} (${lengthUnitLabels[unit]})`}
            inputMode="decimal"
            autoComplete="off"
            required={measured}
            error={errors.dimensions?.width?.message}
            {...register('dimensions.width')}
          />
          <TextField
            label={`${t('productForm.depth')} (${lengthUnitLabels[unit]})`}
            inputMode="decimal"
            autoComplete="off"
            required={measured}
            error={errors.dimensions?.depth?.message}
            {...register('dimensions.depth')}
          />
          <TextField
            label={`${t('productForm.height')} (${lengthUnitLabels[unit]})`}
            inputMode="decimal"
            autoComplete="off"
            required={measured}
            error={errors.dimensions?.height?.message}
            {...register('dimensions.height')}
          />
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={t('productForm.diagonalDepth', { unit: lengthUnitLabels[unit] })}
            inputMode="decimal"
            autoComplete="off"
            hint={t('productForm.diagonalDepthHint')}
            error={errors.dimensions?.diagonalDepth?.message}
            {...register('dimensions.diagonalDepth')}
          />
          <TextField
            label={t('productForm.weight')}
            inputMode="decimal"
            autoComplete="off"
            error={errors.dimensions?.weightKg?.message}
            {...register('dimensions.weightKg')}
          />
        </div>
        <label className="flex items-center gap-3 text-sm">
          <input type="checkbox" className="checkbox checkbox-sm" {...register('dimensions.comesApart')} />
          {t('productForm.comesApart')}
        </label>
        <Alert tone="error">{errors.dimensions?.message ?? errors.dimensions?.root?.message ?? null}</Alert>
      </fieldset>

      <TextAreaField
        label={t('productPage.description')}
        rows={5}
        hint={t('productForm.descriptionHint')}
        error={errors.description?.message}
        {...register('description')}
      />

      <PhotoPicker uploads={uploads} error={photoError} />

      <ConditionEvidence
        control={control as unknown as Control<EvidenceValues>}
        errors={errors}
        condition={condition}
        photos={uploads.items}
      />
      {config?.payments.methods.includes('cash') ? (
        <div className="space-y-1">
          <label className="flex items-center gap-3">
            <input type="checkbox" className="toggle toggle-primary" {...register('acceptsCash')} />
            <span className="font-medium">{t('cash.acceptsLabel')}</span>
          </label>
          <p className="text-sm text-base-content/70">{t('cash.acceptsHelp')}</p>
        </div>
      ) : null}

      <TextField
        label={t('booking.email')}
        type="email"
        value={me?.user.email ?? ''}
        readOnly
        hint={t('productForm.emailHint')}
        inputClassName="bg-base-200"
      />

      <Alert tone="error">{photosMessage ?? formError}</Alert>
      <SubmitButton pending={isSubmitting} className="btn-primary w-full sm:w-auto">
        {editing ? t('productForm.save') : t('productForm.add')}
      </SubmitButton>
    </form>
  );
}
