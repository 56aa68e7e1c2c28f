import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/utils';
import { StoryPlace } from './StoryPlace';

/** The fic page's place (issue 18.5): what the server let this reader know, nothing more. */
describe('StoryPlace', () => {
  const link = 'https://www.openstreetmap.org/?mlat=-33.44&mlon=-70.65#map=14/-33.44/-70.65';

  it('shows the name, and the approximate point only when the answer carries it', () => {
    const { unmount } = renderWithProviders(
      <StoryPlace story={{ location: 'Valparaíso', locationURL: link }} />,
    );
    expect(screen.getByText('Escrita en Valparaíso')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver en el mapa (aproximado, a 1 km)' })).toHaveAttribute(
      'href',
      link,
    );
    unmount();

    renderWithProviders(<StoryPlace story={{ location: 'Valparaíso', locationURL: null }} />);
    expect(screen.getByText('Escrita en Valparaíso')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('says a point was marked when there is no name, and shows nothing without a place', () => {
    const { unmount } = renderWithProviders(<StoryPlace story={{ location: '', locationURL: link }} />);
    expect(screen.getByText('Escrita en un lugar marcado en el mapa')).toBeInTheDocument();
    unmount();

    const { container } = renderWithProviders(<StoryPlace story={{ location: '', locationURL: null }} />);
    expect(container).not.toHaveTextContent('Escrita en');
  });
});
