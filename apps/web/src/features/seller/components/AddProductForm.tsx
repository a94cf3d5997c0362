import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import {
  conditions,
  locations,
  messages,
  productCreateRequestIn,
  sellerMessages,
  type ProductCreateRequest,
} from '@furniture-mart/shared';
import { FormField } from '../../../components/FormField';
import { errorMessage } from '../../../lib/api';
import { applyServerFieldErrors } from '../../../lib/forms';
import { useConfig, useMe } from '../../auth/api';
import { FormAlert } from '../../auth/components/FormAlert';
import { useCategories } from '../../catalogue/api';
import { useCreateProduct } from '../api';
import { PhotoPicker } from './PhotoPicker';
import { SelectField } from './SelectField';
import { TextAreaField } from './TextAreaField';
import { usePhotoUploads } from './usePhotoUploads';

const fieldNames = [
  'title',
  'phone',
  'originalPrice',
  'sellingPrice',
  'yearsUsed',
  'description',
  'location',
  'condition',
  'categoryId',
  'photoIds',
  'widthCm',
  'depthCm',
  'heightCm',
] as const satisfies readonly Path<ProductCreateRequest>[];

// The selects start empty (their placeholder), which the schema refuses with "this field is required".
const emptyForm = {
  title: '',
  phone: '',
  originalPrice: '',
  sellingPrice: '',
  yearsUsed: '',
  description: '',
  location: '',
  condition: '',
  categoryId: '',
  photoIds: [],
  widthCm: '',
  depthCm: '',
  heightCm: '',
} as unknown as ProductCreateRequest;

const locationOptions = locations.map((value) => ({ value, label: value }));
const conditionOptions = conditions.map((value) => ({
  value,
  label: value[0]!.toUpperCase() + value.slice(1),
}));

export function AddProductForm() {
  const navigate = useNavigate();
  const { data: me } = useMe();
  const { data: config } = useConfig();
  const categories = useCategories();
  const createProduct = useCreateProduct();
  const uploads = usePhotoUploads();
  const [formError, setFormError] = useState<string | null>(null);
  // Set when a submit found photos unfinished; the notice then follows their state until they are ready.
  const [photosNotice, setPhotosNotice] = useState(false);
  const currency = config?.currency ?? 'USD';
  // Prices are checked in the shop's currency: no decimals for JPY, up to three for BHD.
  const resolver = useMemo(() => zodResolver(productCreateRequestIn(currency)), [currency]);

  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm({ resolver, defaultValues: emptyForm });

  // The form submits the ids of the photos that finished uploading, in the order shown (cover first).
  const uploadedIds = uploads.items.flatMap((item) => (item.uploaded ? [item.uploaded.id] : []));
  const uploadedKey = uploadedIds.join(',');
  useEffect(() => {
    setValue('photoIds', uploadedKey ? uploadedKey.split(',') : [], {
      shouldValidate: isSubmitted,
      shouldDirty: true,
    });
  }, [uploadedKey, isSubmitted, setValue]);

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await createProduct.mutateAsync(values);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, fieldNames)) setFormError(errorMessage(error));
      return;
    }
    toast.success(messages.productAdded);
    await navigate('/dashboard/myProducts');
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
    label: category.title,
  }));
  const photoError = errors.photoIds?.message ?? errors.photoIds?.root?.message;

  return (
    <form className="space-y-6" onSubmit={onSubmit} noValidate>
      <fieldset className="grid gap-4 md:grid-cols-2">
        <legend className="sr-only">Product details</legend>
        <FormField
          label="Product name"
          autoComplete="off"
          error={errors.title?.message}
          {...register('title')}
        />
        <FormField
          label="Phone"
          type="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <FormField
          label={`Purchase price (${currency})`}
          inputMode="decimal"
          autoComplete="off"
          hint="What you paid for it."
          error={errors.originalPrice?.message}
          {...register('originalPrice')}
        />
        <FormField
          label={`Selling price (${currency})`}
          inputMode="decimal"
          autoComplete="off"
          hint="What you are asking for now."
          error={errors.sellingPrice?.message}
          {...register('sellingPrice')}
        />
        <FormField
          label="Years used"
          inputMode="numeric"
          autoComplete="off"
          error={errors.yearsUsed?.message}
          {...register('yearsUsed')}
        />
        <SelectField
          label="Location"
          placeholder="Choose a location"
          options={locationOptions}
          error={errors.location?.message}
          {...register('location')}
        />
        <SelectField
          label="Condition"
          placeholder="Choose the condition"
          options={conditionOptions}
          error={errors.condition?.message}
          {...register('condition')}
        />
        <SelectField
          label="Category"
          placeholder={categories.isPending ? 'Loading categories…' : 'Choose a category'}
          options={categoryOptions}
          error={
            errors.categoryId?.message ?? (categories.isError ? errorMessage(categories.error) : undefined)
          }
          {...register('categoryId')}
        />
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-base-content">Size in cm (optional)</legend>
        <div className="grid grid-cols-3 gap-3">
          <FormField
            label="Width"
            inputMode="numeric"
            error={errors.widthCm?.message}
            {...register('widthCm')}
          />
          <FormField
            label="Depth"
            inputMode="numeric"
            error={errors.depthCm?.message}
            {...register('depthCm')}
          />
          <FormField
            label="Height"
            inputMode="numeric"
            error={errors.heightCm?.message}
            {...register('heightCm')}
          />
        </div>
      </fieldset>

      <TextAreaField
        label="Description"
        rows={5}
        hint="Material, size, any marks or repairs, and why you are selling."
        error={errors.description?.message}
        {...register('description')}
      />

      <PhotoPicker uploads={uploads} error={photoError} />

      <FormField
        label="Email"
        type="email"
        value={me?.user.email ?? ''}
        readOnly
        hint="From your account."
        inputClassName="bg-base-200"
      />

      <FormAlert message={photosMessage ?? formError} />
      <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        Add Product
      </button>
    </form>
  );
}
