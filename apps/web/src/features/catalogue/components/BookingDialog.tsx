import { useMemo, useState, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { notify } from '../../../components/ui/Toasts';
import {
  bookingCreateBodyIn,
  formatMoney,
  currentLocale,
  messages,
  placeNameText,
  t,
  type Me,
  type ProductCard,
} from '@furniture-mart/shared';
import { phoneSchema, type PhoneRegion } from '@furniture-mart/shared/phones';
import { Alert } from '../../../components/ui/Alert';
import { Dialog } from '../../../components/ui/Dialog';
import { usePlaces } from '../../../components/ui/PlaceFields';
import { TextField } from '../../../components/ui/Field';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { errorMessage } from '../../../lib/api';
import { applyServerFieldErrors } from '../../../lib/forms';
import { useConfig } from '../../../lib/session';
import { useCreateBooking } from '../productActionsApi';

/** Read-only facts look filled in rather than editable. */
const readOnlyClass = 'bg-base-200 text-base-content/85 cursor-default';

interface BookingDialogProps {
  product: Pick<ProductCard, 'id' | 'title' | 'sellingPriceCents' | 'placeName' | 'district' | 'area'>;
  me: Me;
  onClose: () => void;
  returnFocusRef: RefObject<HTMLElement | null>;
}

/** At most this many places are offered to meet at. */
const MEETING_PLACES = 5;

/**
 * Where to meet, the listing's own place first ("Mirpur, Dhaka"), then the other areas of its district
 * ("Pallabi, Dhaka"), in the page's language.
 */
function useMeetingPlaces(product: BookingDialogProps['product']): string[] {
  const places = usePlaces();
  const own = placeNameText(product.placeName);
  if (!product.district) return own ? [own] : [];
  const language = currentLocale() === 'bn' ? 'bn' : 'en';
  const district = places?.findDistrict(product.district);
  const nearby = district
    ? places!
        .areasOf(district.id)
        .filter((area) => area.id !== product.area)
        .map((area) => `${area.name[language]}, ${district.name[language]}`)
    : [];
  return [...new Set([own, ...nearby])].slice(0, MEETING_PLACES);
}

/** Book Now: what is being booked and by whom (read-only), and how to reach the buyer to meet. */
export function BookingDialog({ product, me, onClose, returnFocusRef }: BookingDialogProps) {
  const config = useConfig();
  const createBooking = useCreateBooking();
  const region = (config.data?.phoneRegion ?? 'BD') as PhoneRegion;
  // The rule the server runs: any spelling of a number of the shop's region.
  const resolver = useMemo(() => zodResolver(bookingCreateBodyIn(phoneSchema(region))), [region]);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm({
    resolver,
    defaultValues: { productId: product.id, phone: '', meetingLocation: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await createBooking.mutateAsync(values);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['phone', 'meetingLocation']))
        setFormError(errorMessage(error));
      return;
    }
    notify.success(messages.productBooked);
    onClose();
  });

  const meetingPlaces = useMeetingPlaces(product);
  const price = config.data ? formatMoney(product.sellingPriceCents, config.data.currency) : '';

  return (
    <Dialog title={t('booking.title')} onClose={onClose} returnFocusRef={returnFocusRef} busy={isSubmitting}>
      <form className="space-y-4" onSubmit={onSubmit} noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('booking.product')}
            value={product.title}
            readOnly
            className="sm:col-span-2"
            inputClassName={readOnlyClass}
          />
          <TextField
            label={t('booking.price')}
            value={price}
            readOnly
            inputClassName={`tabular-nums ${readOnlyClass}`}
          />
          <TextField label={t('booking.name')} value={me.user.name} readOnly inputClassName={readOnlyClass} />
          <TextField
            label={t('booking.email')}
            value={me.user.email}
            readOnly
            className="sm:col-span-2"
            inputClassName={readOnlyClass}
          />
          <TextField
            label={t('booking.phone')}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            className="sm:col-span-2"
            data-autofocus
            error={errors.phone?.message}
            {...register('phone')}
          />
          <TextField
            label={t('booking.meetingLocation')}
            autoComplete="off"
            placeholder={t('booking.meetingPlaceholder')}
            className="sm:col-span-2"
            error={errors.meetingLocation?.message}
            {...register('meetingLocation')}
          />
          {meetingPlaces.length > 0 ? (
            <div className="sm:col-span-2" role="group" aria-label={t('places.meetingSuggestions')}>
              <p className="mb-1.5 text-sm text-base-content/70" aria-hidden="true">
                {t('places.meetingSuggestions')}
              </p>
              <div className="flex flex-wrap gap-2">
                {meetingPlaces.map((place) => (
                  <button
                    key={place}
                    type="button"
                    className="btn btn-outline btn-xs"
                    aria-label={t('places.meetIn', { place })}
                    onClick={() =>
                      setValue('meetingLocation', place, { shouldDirty: true, shouldValidate: isSubmitted })
                    }
                  >
                    {place}
                  </button>
                ))}
              </div>
            </div>
          ) : null}
        </div>
        <Alert tone="error">{formError}</Alert>
        <SubmitButton
          pending={isSubmitting}
          pendingLabel={t('form.submitting')}
          className="btn-primary w-full"
        >
          {t('form.submit')}
        </SubmitButton>
      </form>
    </Dialog>
  );
}
