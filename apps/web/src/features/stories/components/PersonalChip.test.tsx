import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/utils';
import { PersonalChip } from './PersonalChip';

describe('PersonalChip', () => {
  it('marks a personal fic and explains who reads it on hover', async () => {
    renderWithProviders(<PersonalChip personal />);
    const chip = screen.getByText('Información personal');
    expect(chip).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.hover(chip);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'solo la ven su autor/a, los profesores de su curso y la administración',
    );
  });

  it('shows nothing for a fic that is not marked', () => {
    const { container } = renderWithProviders(<PersonalChip personal={false} />);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByText('Información personal')).not.toBeInTheDocument();
  });
});
