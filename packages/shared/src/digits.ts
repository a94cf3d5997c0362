/**
 * Bangla digits (০ to ৯) and Latin digits (0 to 9): people in Bangladesh type either, so every number
 * a person enters is read through `toLatinDigits`, and Bangla pages show numbers with `toBanglaDigits`
 * where `Intl` does not already.
 */
const BANGLA_ZERO = 0x09e6;

export function toLatinDigits(text: string): string {
  return text.replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - BANGLA_ZERO));
}

export function toBanglaDigits(text: string): string {
  return text.replace(/[0-9]/g, (digit) => String.fromCharCode(BANGLA_ZERO + Number(digit)));
}
