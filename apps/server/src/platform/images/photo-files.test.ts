import { describe, expect, it } from 'vitest';
import { newPhotoFileKeys, stablePhotoFileKeys } from './photo-files.js';
import { IMAGE_KEY_PATTERN } from './store.js';

const keysOf = (keys: ReturnType<typeof newPhotoFileKeys>) => [
  keys.displayKey,
  keys.middleKey,
  keys.thumbKey,
];

describe('photo file keys', () => {
  it('names a new photo afresh each time, as the media route reads keys', () => {
    const [first, second] = [newPhotoFileKeys(), newPhotoFileKeys()];
    expect(first.displayKey).not.toBe(second.displayKey);
    for (const key of keysOf(first)) expect(key).toMatch(IMAGE_KEY_PATTERN);
  });

  it('names a photo the same for the same name, and apart for another, as a version 8 UUID', () => {
    const keys = stablePhotoFileKeys('demo-photo:seller:3:1');
    expect(stablePhotoFileKeys('demo-photo:seller:3:1')).toEqual(keys);
    expect(stablePhotoFileKeys('demo-photo:seller:3:0').displayKey).not.toBe(keys.displayKey);
    for (const key of keysOf(keys)) expect(key).toMatch(IMAGE_KEY_PATTERN);
    expect(keys.displayKey).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}-display\.webp$/,
    );
  });
});
