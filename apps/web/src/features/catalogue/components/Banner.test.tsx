import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Banner } from './Banner';

const slides = () => screen.getByRole('region', { name: 'Featured furniture' }).querySelector('[aria-live]');

describe('Banner', () => {
  afterEach(() => vi.restoreAllMocks());

  it('advances on its own while nothing rests on it', () => {
    render(<Banner />, { wrapper: MemoryRouter });
    expect(slides()).toHaveAttribute('aria-live', 'off');
  });

  it('stays paused under a pointer that came to rest on it before the app started', () => {
    const matches = HTMLElement.prototype.matches;
    vi.spyOn(HTMLElement.prototype, 'matches').mockImplementation(function (this: HTMLElement, selector) {
      return selector === ':hover'
        ? this.getAttribute('aria-roledescription') === 'carousel'
        : matches.call(this, selector);
    });
    render(<Banner />, { wrapper: MemoryRouter });
    expect(slides()).toHaveAttribute('aria-live', 'polite');
  });
});
