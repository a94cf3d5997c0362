import { describe, expect, it } from 'vitest';
import { requiredText, toSingleLine } from './common.js';
import { productCreateRequest } from './products.js';
import { signUpBody } from './accounts.js';

describe('one line of text', () => {
  it('turns breaks into spaces and drops control and direction characters', () => {
    expect(toSingleLine('Oak\nchair\r\n\tset')).toBe('Oak chair set');
    expect(toSingleLine('Sofa\u0000\u0007\u001b[31m')).toBe('Sofa[31m');
    expect(toSingleLine('Bed\u2028frame\u0085')).toBe('Bed frame ');
    // Right-to-left override: "evil\u202Egnp.exe" would read as "evilexe.png".
    expect(toSingleLine('evil\u202egnp.exe')).toBe('evilgnp.exe');
    expect(toSingleLine('খাট ও আলমারি')).toBe('খাট ও আলমারি');
  });

  it('is what names, titles and other single-line fields store', () => {
    expect(requiredText(20).parse('  Teak \n table\u0000 ')).toBe('Teak   table');
    expect(requiredText(20).safeParse('\u0000\u0001\n').success).toBe(false);
    const name = signUpBody.shape.name.parse('Rahim\u202e Uddin\r\n');
    expect(name).toBe('Rahim Uddin');
    expect(productCreateRequest.shape.title.parse('Sofa\u0007 set')).toBe('Sofa set');
  });
});
