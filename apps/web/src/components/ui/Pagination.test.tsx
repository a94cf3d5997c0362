import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, visiblePages } from './Pagination';

describe('visiblePages', () => {
  it('keeps the first, the last and the neighbours of the current page, with gaps', () => {
    expect(visiblePages(1, 1)).toEqual([1]);
    expect(visiblePages(1, 3)).toEqual([1, 2, 3]);
    expect(visiblePages(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(visiblePages(10, 10)).toEqual([1, 'gap', 9, 10]);
  });
});

describe('Pagination in link mode', () => {
  const renderLinks = (page: number) =>
    render(
      <MemoryRouter>
        <Pagination
          page={page}
          pageSize={10}
          total={95}
          label="Pagination"
          linkTo={(target) => ({ pathname: '/search', search: `page=${target}` })}
        />
      </MemoryRouter>,
    );

  it('links every page it shows and marks the current one', () => {
    renderLinks(5);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('link', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Page 4' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Page 10' })).toHaveAttribute('href', '/search?page=10');
    expect(within(nav).queryByRole('link', { name: 'Page 2' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/search?page=4');
    expect(within(nav).getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/search?page=6');
  });

  it('has no previous link on the first page and no next link on the last', () => {
    const { unmount } = renderLinks(1);
    expect(screen.queryByRole('link', { name: 'Previous' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/search?page=2');
    unmount();
    renderLinks(10);
    expect(screen.queryByRole('link', { name: 'Next' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('rel', 'prev');
  });

  it('is left out when everything fits on one page', () => {
    render(
      <MemoryRouter>
        <Pagination page={1} pageSize={10} total={10} label="Pagination" linkTo={() => '/'} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

describe('Pagination in button mode', () => {
  it('moves with previous and next buttons and says where it is', async () => {
    const onPageChange = vi.fn();
    render(
      <Pagination page={1} pageSize={20} total={45} label="My Orders pages" onPageChange={onPageChange} />,
    );
    const nav = screen.getByRole('navigation', { name: 'My Orders pages' });
    expect(nav).toHaveTextContent('Page 1 of 3');
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
    expect(within(nav).queryByRole('link')).toBeNull();
  });

  it('cannot go past the last page', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={3} pageSize={20} total={45} label="Pages" onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('with a noun, counts what is shown, even on a single page', () => {
    const { rerender } = render(
      <Pagination
        page={2}
        pageSize={24}
        total={57}
        noun="buyers"
        label="Pages of buyers"
        onPageChange={vi.fn()}
      />,
    );
    expect(screen.getByText('Showing 25–48 of 57 buyers')).toBeInTheDocument();
    rerender(
      <Pagination
        page={1}
        pageSize={24}
        total={3}
        noun="buyers"
        label="Pages of buyers"
        onPageChange={vi.fn()}
      />,
    );
    expect(screen.getByText('Showing 1–3 of 3 buyers')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    rerender(
      <Pagination
        page={1}
        pageSize={24}
        total={0}
        noun="buyers"
        label="Pages of buyers"
        onPageChange={vi.fn()}
      />,
    );
    // The empty table says so; the pagination adds no second empty message.
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByText(/buyers/)).toBeNull();
  });

  it('is left out when everything fits on one page and nothing is counted', () => {
    render(<Pagination page={1} pageSize={20} total={20} label="Pages" onPageChange={vi.fn()} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
