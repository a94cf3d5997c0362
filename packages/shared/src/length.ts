/**
 * Lengths typed in millimetres, centimetres or inches, stored as whole millimetres. An inch is 25.4 mm
 * exactly, so the conversion is done on the decimal digits as typed (no binary fractions) and rounded
 * once, to the nearest millimetre with halves up: 30 in is 762 mm, 1.5 in is 38 mm (38.1), 0.05 cm is
 * 1 mm (0.5). Nobody measures a sofa closer than that, and a whole number stores and compares exactly.
 */
import type { LengthUnit } from './enums.js';
import { toLatinDigits } from './digits.js';

/** Tenths of a millimetre in one unit: an inch is 254 of them exactly. */
const TENTHS_OF_MM: Record<LengthUnit, number> = { mm: 10, cm: 100, in: 254 };

/**
 * A length as typed (either digits, up to three decimals; whole numbers only in millimetres) in whole
 * millimetres, or null when it is not a length.
 */
export function toMillimetres(value: string | number, unit: LengthUnit): number | null {
  const text = toLatinDigits(String(value)).trim();
  const decimals = unit === 'mm' ? '' : String.raw`(?:\.(\d{1,3}))?`;
  const match = new RegExp(String.raw`^(\d{1,9})${decimals}$`).exec(text);
  if (!match) return null;
  const fraction = match[2] ?? '';
  const numerator = Number(match[1] + fraction) * TENTHS_OF_MM[unit];
  const denominator = 10 * 10 ** fraction.length;
  // Halves up, in integers: floor((2n + d) / 2d).
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** Whole millimetres in `unit` for display, to one decimal (centimetres are exact). */
export function fromMillimetres(mm: number, unit: LengthUnit): number {
  return Math.round((mm * 100) / TENTHS_OF_MM[unit]) / 10;
}

/** A shortfall in `unit`, rounded up to a whole unit, so "too wide by 0 cm" never happens. */
export function shortfallIn(mm: number, unit: LengthUnit): number {
  return Math.ceil((mm * 10) / TENTHS_OF_MM[unit]);
}

/**
 * A length as typed in `from`, shown in `to` when a form's unit is switched: text that is not a length
 * stays as it is. Inches keep two decimals, so switching back and forth never moves the stored millimetre.
 */
export function convertLengthText(text: string, from: LengthUnit, to: LengthUnit): string {
  if (from === to || text.trim() === '') return text;
  const mm = toMillimetres(text, from);
  if (mm === null) return text;
  return String(Math.round((mm * 1000) / TENTHS_OF_MM[to]) / 100);
}
