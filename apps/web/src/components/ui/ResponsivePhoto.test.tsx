import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Photo } from '@furniture-mart/shared';
import { photoSrcSet, ResponsivePhoto } from './ResponsivePhoto';

const photo: Photo = {
  url: '/media/uploads/a-display.webp',
  width: 1600,
  height: 1200,
  thumbUrl: '/media/uploads/a-thumb.webp',
  thumbWidth: 400,
  thumbHeight: 300,
  middleUrl: '/media/uploads/a-middle.webp',
  middleWidth: 800,
  middleHeight: 600,
};

describe('ResponsivePhoto', () => {
  it('offers the three stored sizes, smallest first', () => {
    expect(photoSrcSet(photo)).toBe(
      '/media/uploads/a-thumb.webp 400w, /media/uploads/a-middle.webp 800w, /media/uploads/a-display.webp 1600w',
    );
  });

  it('leaves out the middle size of a photo stored before it existed', () => {
    const older = { ...photo, middleUrl: null, middleWidth: null, middleHeight: null };
    expect(photoSrcSet(older)).toBe('/media/uploads/a-thumb.webp 400w, /media/uploads/a-display.webp 1600w');
  });

  it('names a width once when a small original was stored at one size', () => {
    const small = { ...photo, width: 400, height: 300, middleWidth: 400, middleHeight: 300 };
    expect(photoSrcSet(small)).toBe('/media/uploads/a-thumb.webp 400w');
  });

  it('draws the chosen fallback with its own dimensions and the sizes given', () => {
    render(<ResponsivePhoto photo={photo} fallback="middle" sizes="100vw" alt="A chair" loading="lazy" />);
    const img = screen.getByRole('img', { name: 'A chair' });
    expect(img.getAttribute('src')).toBe('/media/uploads/a-middle.webp');
    expect(img.getAttribute('width')).toBe('800');
    expect(img.getAttribute('height')).toBe('600');
    expect(img.getAttribute('sizes')).toBe('100vw');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('srcset')).toContain('a-display.webp 1600w');
  });

  it('falls back to the large size when asked for a middle size that does not exist', () => {
    const older = { ...photo, middleUrl: null, middleWidth: null, middleHeight: null };
    render(<ResponsivePhoto photo={older} fallback="middle" sizes="100vw" alt="A chair" />);
    expect(screen.getByRole('img').getAttribute('src')).toBe('/media/uploads/a-display.webp');
  });
});
