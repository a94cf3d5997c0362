import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProductPhoto } from '@furniture-mart/shared';
import { ConditionEvidence } from './ConditionEvidence';

const photo = (id: string): ProductPhoto => ({
  id,
  url: `/media/${id}-display.webp`,
  thumbUrl: `/media/${id}-thumb.webp`,
  width: 1600,
  height: 1200,
  thumbWidth: 400,
  thumbHeight: 300,
  middleUrl: null,
  middleWidth: null,
  middleHeight: null,
});
const ids = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];
const checklist = {
  stains: true,
  odour: false,
  pets: false,
  smoke: false,
  missingParts: false,
  wobbles: false,
  scratches: true,
};

describe('ConditionEvidence', () => {
  it('counts the flaws shown, captions each photo and answers every question', () => {
    render(
      <ConditionEvidence
        condition="good"
        photos={ids.map(photo)}
        flaws={[
          { photoId: ids[0]!, caption: 'Faded left arm' },
          { photoId: ids[1]!, caption: 'Scratch on a leg' },
        ]}
        checklist={checklist}
      />,
    );
    expect(screen.getByRole('heading')).toHaveTextContent('Condition: Good');
    expect(screen.getByText(/Used with care/)).toBeInTheDocument();
    expect(screen.getByText('2 flaws shown')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Faded left arm' })).toBeInTheDocument();
    expect(screen.getByText('Scratch on a leg')).toBeInTheDocument();
    const stains = screen.getByText('Stains').parentElement!;
    expect(within(stains).getByText('Yes')).toBeInTheDocument();
    const pets = screen.getByText('Pets in the home').parentElement!;
    expect(within(pets).getByText('No')).toBeInTheDocument();
  });

  it('says when a good piece was listed before evidence was asked', () => {
    render(<ConditionEvidence condition="fair" photos={[photo(ids[0]!)]} flaws={[]} checklist={null} />);
    expect(screen.queryByText(/flaws? shown/)).toBeNull();
    expect(screen.getByText(/Listed before flaw photos/)).toBeInTheDocument();
  });
});
