import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VerifiedMark } from './VerifiedMark';

describe('VerifiedMark', () => {
  it('is an image read as "verified seller" by default', () => {
    render(<VerifiedMark />);
    expect(screen.getByRole('img', { name: 'verified seller' })).toBeInTheDocument();
  });

  it('as a badge says its label in words, with the check hidden from screen readers', () => {
    render(<VerifiedMark variant="badge" />);
    expect(screen.getByText('verified', { exact: true })).toHaveClass('badge');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('takes another label and a small size', () => {
    render(<VerifiedMark variant="badge" size="sm" label="email verified" />);
    expect(screen.getByText('email verified')).toHaveClass('badge-sm');
  });
});
