import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Skeleton, SkeletonRegion, SkeletonText } from './Skeleton';

describe('Skeleton', () => {
  it('is a region announced once as loading, its blocks hidden from assistive technology', () => {
    const { container } = render(
      <SkeletonRegion label="Loading your dashboard">
        <Skeleton className="h-8" />
        <SkeletonText lines={4} />
      </SkeletonRegion>,
    );
    const region = screen.getByRole('status', { name: 'Loading your dashboard' });
    expect(region).toHaveAttribute('aria-busy', 'true');
    expect(region).toHaveTextContent(/^Loading your dashboard$/);
    expect(container.querySelectorAll('.skeleton')).toHaveLength(5);
    for (const block of container.querySelectorAll('.skeleton')) {
      expect(block.closest('[aria-hidden="true"]')).not.toBeNull();
    }
  });
});
