import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemberSince } from './MemberSince';

describe('MemberSince', () => {
  it('says the month and year in UTC, with the exact date for machines', () => {
    // 23:30 on 31 October in UTC is already November east of Greenwich: UTC decides.
    render(<MemberSince date="2026-10-31T23:30:00.000Z" />);
    expect(screen.getByText(/Member since/)).toHaveTextContent('Member since October 2026');
    expect(screen.getByText('October 2026')).toHaveAttribute('datetime', '2026-10-31T23:30:00.000Z');
  });
});
