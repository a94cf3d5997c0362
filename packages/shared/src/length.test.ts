import { describe, expect, it } from 'vitest';
import { convertLengthText, fromMillimetres, shortfallIn, toMillimetres } from './length.js';
import type { LengthUnit } from './enums.js';

describe('toMillimetres', () => {
  it.each<[string | number, LengthUnit, number]>([
    // inches: 25.4 mm exactly, rounded once to the nearest millimetre, halves up
    ['30', 'in', 762],
    [30, 'in', 762],
    ['36', 'in', 914],
    ['80', 'in', 2032],
    ['1', 'in', 25],
    ['1.5', 'in', 38],
    ['0.5', 'in', 13],
    ['29.5', 'in', 749],
    ['33.25', 'in', 845],
    ['0.02', 'in', 1],
    ['196.85', 'in', 5000],
    // centimetres
    ['76', 'cm', 760],
    [76.2, 'cm', 762],
    ['84.5', 'cm', 845],
    ['0.05', 'cm', 1],
    ['0.04', 'cm', 0],
    ['500', 'cm', 5000],
    [' 90 ', 'cm', 900],
    ['৭৬', 'cm', 760],
    ['৩০.৫', 'in', 775],
    // millimetres
    ['760', 'mm', 760],
    [2032, 'mm', 2032],
  ])('reads %j %s as %i mm', (value, unit, mm) => {
    expect(toMillimetres(value, unit)).toBe(mm);
  });

  it.each<[string | number, LengthUnit]>([
    ['', 'cm'],
    ['abc', 'cm'],
    ['-5', 'cm'],
    ['1e3', 'in'],
    ['7.5', 'mm'],
    ['1.2345', 'cm'],
    ['76 cm', 'cm'],
    ['1,000', 'mm'],
    [Number.NaN, 'cm'],
    [Infinity, 'in'],
  ])('refuses %j in %s', (value, unit) => {
    expect(toMillimetres(value, unit)).toBeNull();
  });
});

describe('back for display', () => {
  it.each<[number, LengthUnit, number]>([
    [762, 'in', 30],
    [914, 'in', 36],
    [2032, 'in', 80],
    [775, 'in', 30.5],
    [1000, 'in', 39.4],
    [760, 'cm', 76],
    [845, 'cm', 84.5],
    [5000, 'cm', 500],
    [760, 'mm', 760],
  ])('shows %i mm in %s as %d', (mm, unit, shown) => {
    expect(fromMillimetres(mm, unit)).toBe(shown);
  });

  it('gives back whole inches and tenths of centimetres typed', () => {
    for (let inches = 1; inches <= 196; inches += 1) {
      expect(fromMillimetres(toMillimetres(inches, 'in')!, 'in')).toBe(inches);
    }
    for (let tenths = 1; tenths <= 5000; tenths += 7) {
      expect(fromMillimetres(toMillimetres(tenths / 10, 'cm')!, 'cm')).toBe(tenths / 10);
    }
  });

  it.each<[number, LengthUnit, number]>([
    [60, 'cm', 6],
    [1, 'cm', 1],
    [61, 'cm', 7],
    [25, 'in', 1],
    [26, 'in', 2],
    [5, 'mm', 5],
  ])('rounds a shortfall of %i mm up to whole %s: %i', (mm, unit, shown) => {
    expect(shortfallIn(mm, unit)).toBe(shown);
  });
});

describe('switching a form between centimetres and inches', () => {
  const cases: [string, LengthUnit, LengthUnit, string][] = [
    ['76', 'cm', 'in', '29.92'],
    ['76.2', 'cm', 'in', '30'],
    ['30', 'in', 'cm', '76.2'],
    ['29.92', 'in', 'cm', '76'],
    ['৭৬', 'cm', 'in', '29.92'],
    ['203', 'cm', 'in', '79.92'],
    ['', 'cm', 'in', ''],
    ['wide', 'cm', 'in', 'wide'],
    ['76', 'cm', 'cm', '76'],
  ];
  it.each(cases)('%s %s, switched to %s, shows %s', (text, from, to, shown) => {
    expect(convertLengthText(text, from, to)).toBe(shown);
  });

  it('comes back to the same millimetre after any number of switches', () => {
    for (let mm = 1; mm <= 5000; mm += 7) {
      const cm = String(mm / 10);
      const there = convertLengthText(cm, 'cm', 'in');
      expect(toMillimetres(convertLengthText(there, 'in', 'cm'), 'cm')).toBe(mm);
      expect(toMillimetres(there, 'in')).toBe(mm);
    }
  });
});
