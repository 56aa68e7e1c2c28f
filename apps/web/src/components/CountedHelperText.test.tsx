import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import TextField from '@mui/material/TextField';
import { CountedHelperText } from './CountedHelperText';

describe('CountedHelperText', () => {
  it('shows the message and the counter, the counter hidden from screen readers', () => {
    render(
      <TextField
        label="Nota"
        value="hola"
        error
        helperText={<CountedHelperText message="Debe tener máximo 3 caracteres" count={4} max={3} />}
      />,
    );
    const field = screen.getByRole('textbox', { name: 'Nota' });
    // The field is described by its message only; '4/3' is for the eyes.
    expect(field).toHaveAccessibleDescription('Debe tener máximo 3 caracteres');
    expect(screen.getByText('4/3')).toHaveAttribute('aria-hidden', 'true');
  });

  it('writes large counts as Chile does and leaves the left side empty without a message', () => {
    const { container } = render(<CountedHelperText count={1200} max={10000} />);
    expect(screen.getByText('1.200/10.000')).toBeInTheDocument();
    expect(container.firstElementChild?.firstElementChild).toBeEmptyDOMElement();
  });
});
