import { useState, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { bookingCreateBody, formatMoney, messages, type Me, type ProductCard } from '@furniture-mart/shared';
import { FormField } from '../../../components/FormField';
import { errorMessage } from '../../../lib/api';
import { applyServerFieldErrors } from '../../../lib/forms';
import { useConfig } from '../../auth/api';
import { useCreateBooking } from '../api';
import { DialogAlert } from './DialogAlert';
import { ModalDialog } from './ModalDialog';
import { SubmitButton } from './SubmitButton';

/** Read-only facts look filled in rather than editable. */
const readOnlyClass = 'bg-base-200 text-base-content/85 cursor-default';

interface BookingDialogProps {
  product: ProductCard;
  me: Me;
  onClose: () => void;
  returnFocusRef: RefObject<HTMLElement | null>;
}

/** Book Now: what is being booked and by whom (read-only), and how to reach the buyer to meet. */
export function BookingDialog({ product, me, onClose, returnFocusRef }: BookingDialogProps) {
  const config = useConfig();
  const createBooking = useCreateBooking();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(bookingCreateBody),
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
    toast.success(messages.productBooked);
    onClose();
  });

  const price = config.data ? formatMoney(product.sellingPriceCents, config.data.currency) : '';

  return (
    <ModalDialog title="Book Now" onClose={onClose} returnFocusRef={returnFocusRef} busy={isSubmitting}>
      <form className="space-y-4" onSubmit={onSubmit} noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="Product"
            value={product.title}
            readOnly
            className="sm:col-span-2"
            inputClassName={readOnlyClass}
          />
          <FormField label="Price" value={price} readOnly inputClassName={`tabular-nums ${readOnlyClass}`} />
          <FormField label="Name" value={me.user.name} readOnly inputClassName={readOnlyClass} />
          <FormField
            label="Email"
            value={me.user.email}
            readOnly
            className="sm:col-span-2"
            inputClassName={readOnlyClass}
          />
          <FormField
            label="Phone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            className="sm:col-span-2"
            data-autofocus
            error={errors.phone?.message}
            {...register('phone')}
          />
          <FormField
            label="Meeting location"
            autoComplete="off"
            placeholder="e.g. Gulshan 2 circle, Dhaka"
            className="sm:col-span-2"
            error={errors.meetingLocation?.message}
            {...register('meetingLocation')}
          />
        </div>
        <DialogAlert message={formError} />
        <SubmitButton sending={isSubmitting} className="w-full" />
      </form>
    </ModalDialog>
  );
}
