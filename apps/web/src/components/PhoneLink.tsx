import { localDigits } from '@furniture-mart/shared';
import { formatPhone, phoneHref, type PhoneRegion } from '@furniture-mart/shared/phones';
import { useConfig } from '../lib/session';

interface PhoneLinkProps {
  /** The number as stored: E.164, or as it was typed for one stored before numbers had one form. */
  phone: string;
  className?: string;
  'data-testid'?: string;
}

/**
 * A phone number to call, grouped as its country writes it (`01711-223344`) in the page's digits, linked
 * to its E.164 form. A number stored as typed long ago is read in the shop's region (GET /api/config).
 */
export function PhoneLink({ phone, className = 'link link-primary', ...rest }: PhoneLinkProps) {
  const region = (useConfig().data?.phoneRegion ?? 'BD') as PhoneRegion;
  return (
    <a href={phoneHref(phone, region)} className={className} {...rest}>
      {localDigits(formatPhone(phone, 'national', region))}
    </a>
  );
}
