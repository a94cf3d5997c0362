import { describe, expect, it } from 'vitest';
import { postDateLabel } from './dates.js';

describe('postDateLabel', () => {
  it('reads like the start of Date#toString, in UTC when asked', () => {
    expect(postDateLabel('2026-11-21T23:30:00Z', 'UTC')).toBe('Sat Nov 21 2026');
    expect(postDateLabel('2026-03-01T00:00:00Z', 'UTC')).toBe('Sun Mar 01 2026');
    expect(postDateLabel(new Date('2026-03-01T00:00:00Z'), 'UTC')).toBe('Sun Mar 01 2026');
  });

  it("is the start of Date#toString in the machine's own time zone otherwise", () => {
    const date = new Date('2026-11-21T23:30:00Z');
    expect(postDateLabel(date)).toBe(date.toString().slice(0, 15));
  });
});
