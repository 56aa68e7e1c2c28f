import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/utils';
import { LoadMore, PageControls } from './PageControls';

describe('PageControls', { timeout: 30_000 }, () => {
  it("says the range in Spanish ('51–100 de 10.000') and moves by page, counting from 1", async () => {
    const onPageChange = vi.fn();
    renderWithProviders(
      <PageControls page={2} limit={50} totalDocs={10_000} onPageChange={onPageChange} label="Páginas" />,
    );
    const controls = screen.getByRole('navigation', { name: 'Páginas' });
    expect(controls).toHaveTextContent('51–100 de 10.000');
    const user = userEvent.setup();
    await user.click(within(controls).getByRole('button', { name: 'Página siguiente' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    await user.click(within(controls).getByRole('button', { name: 'Página anterior' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
    await user.click(within(controls).getByRole('button', { name: 'Última página' }));
    expect(onPageChange).toHaveBeenLastCalledWith(200);
    // No size choice unless the owner handles one.
    expect(within(controls).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('offers the page sizes it is given', async () => {
    const onLimitChange = vi.fn();
    renderWithProviders(
      <PageControls
        page={1}
        limit={50}
        totalDocs={120}
        onPageChange={vi.fn()}
        limitOptions={[50, 100]}
        onLimitChange={onLimitChange}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: /Filas por página/ }));
    await user.click(await screen.findByRole('option', { name: '100' }));
    expect(onLimitChange).toHaveBeenCalledWith(100);
  });

  it('shows a page past the end as the last one', () => {
    renderWithProviders(<PageControls page={9} limit={50} totalDocs={120} onPageChange={vi.fn()} />);
    expect(screen.getByText('101–120 de 120')).toBeInTheDocument();
  });
});

describe('LoadMore', () => {
  it("offers 'Ver más' while there is more, and the end message after more than one page", async () => {
    const onLoadMore = vi.fn();
    const { unmount } = renderWithProviders(
      <LoadMore shown={12} pages={1} totalDocs={30} hasMore loading={false} onLoadMore={onLoadMore} />,
    );
    expect(screen.getByText('Mostrando 12 de 30')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ver más' }));
    expect(onLoadMore).toHaveBeenCalledOnce();
    unmount();

    renderWithProviders(
      <LoadMore
        shown={30}
        pages={3}
        totalDocs={30}
        hasMore={false}
        loading={false}
        onLoadMore={onLoadMore}
        endMessage="No hay más contenido."
      />,
    );
    expect(screen.queryByRole('button', { name: 'Ver más' })).not.toBeInTheDocument();
    expect(screen.getByText('No hay más contenido.')).toBeInTheDocument();
  });

  it('keeps the button busy while the next page loads', () => {
    renderWithProviders(
      <LoadMore shown={12} pages={1} totalDocs={30} hasMore loading onLoadMore={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Ver más' })).toBeDisabled();
  });
});
