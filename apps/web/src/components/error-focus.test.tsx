import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../lib/api-client';
import { focusFirstError, useErrorFocus } from './error-focus';
import { useStickyInset } from './sticky-inset';
import { applyServerErrors } from './form-errors';

// jsdom has no layout: scrollIntoView is recorded, sizes are given where a test needs them.
const scrolled: { element: Element; options: ScrollIntoViewOptions | boolean | undefined }[] = [];
beforeEach(() => {
  scrolled.length = 0;
  Element.prototype.scrollIntoView = function (this: Element, options?: ScrollIntoViewOptions | boolean) {
    scrolled.push({ element: this, options });
  };
});
afterEach(() => {
  vi.restoreAllMocks();
  document.documentElement.style.removeProperty('--fics-sticky-bottom');
});

const schema = z.object({
  // The schema names 'last' first: the focus must still follow the page.
  last: z.string().min(1, 'El apellido es requerido'),
  first: z.string().min(1, 'El nombre es requerido'),
  extra: z.string().min(1, 'El apodo es requerido'),
});
type Values = z.infer<typeof schema>;

/**
 * 'Apodo' appears after the others were registered, but above them: react-hook-form's own focus
 * (registration and schema order) would pick 'Apellido'; the page shows 'Apodo' first.
 */
function PersonForm({ onSubmit }: { onSubmit?: (values: Values) => Promise<void> }) {
  const [showExtra, setShowExtra] = useState(false);
  const errorFocus = useErrorFocus();
  const { control, handleSubmit, setError } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { last: '', first: '', extra: '' },
    shouldFocusError: false,
  });
  const field = (name: keyof Values, label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field: props, fieldState }) => (
        <TextField
          {...props}
          label={label}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
        />
      )}
    />
  );
  return (
    <form
      ref={errorFocus.ref}
      noValidate
      onSubmit={(event) =>
        void handleSubmit(async (values) => {
          try {
            await onSubmit?.(values);
          } catch (error) {
            applyServerErrors(error, setError, ['last', 'first', 'extra'], {
              focus: errorFocus.focusFirstError,
            });
          }
        }, errorFocus.focusFirstError)(event)
      }
    >
      <button type="button" onClick={() => setShowExtra(true)}>
        Agregar apodo
      </button>
      {showExtra ? field('extra', 'Apodo') : null}
      {field('first', 'Nombre')}
      {field('last', 'Apellido')}
      <button type="submit">Guardar</button>
    </form>
  );
}

describe('focus on the first error', () => {
  it('focuses the first field in error in the order of the page, not of the schema', async () => {
    const user = userEvent.setup({ delay: null });
    render(<PersonForm />);
    await user.click(screen.getByRole('button', { name: 'Agregar apodo' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Apodo' })).toHaveFocus());
    // Scrolled into view: the field's frame (its FormControl, with the message), clear of sticky bars.
    const frame = screen.getByRole('textbox', { name: 'Apodo' }).closest('.MuiFormControl-root')!;
    expect(scrolled.at(-1)).toEqual({ element: frame, options: { block: 'nearest', inline: 'nearest' } });
    expect(frame).toContainElement(screen.getByText('El apodo es requerido'));
    expect((frame as HTMLElement).style.scrollMarginBottom).toBe(
      'calc(var(--fics-sticky-bottom, 0px) + 16px)',
    );
    expect((frame as HTMLElement).style.scrollMarginTop).toBe('calc(var(--fics-sticky-top, 0px) + 16px)');
  });

  it("focuses the server's first field in the page's order, whatever the order of its answer", async () => {
    const user = userEvent.setup({ delay: null });
    const refuse = () =>
      Promise.reject(
        new ApiError(400, 'VALIDATION_ERROR', 'Datos inválidos', {
          last: 'El apellido es muy largo',
          first: 'El nombre es muy largo',
        }),
      );
    render(<PersonForm onSubmit={refuse} />);
    await user.click(screen.getByRole('button', { name: 'Agregar apodo' }));
    await user.type(screen.getByRole('textbox', { name: 'Apodo' }), 'Anita');
    await user.type(screen.getByRole('textbox', { name: 'Nombre' }), 'Ana');
    await user.type(screen.getByRole('textbox', { name: 'Apellido' }), 'Pérez');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await screen.findByText('El apellido es muy largo');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveFocus());
    expect(scrolled.at(-1)?.element).toContainElement(screen.getByText('El nombre es muy largo'));
  });

  it("shows the field's end, with its message, at the bottom of the visible part when it is taller than the screen", () => {
    render(
      <div>
        <div role="textbox" contentEditable aria-invalid="true" aria-describedby="m" tabIndex={0}>
          Un texto muy largo
        </div>
        <p id="m">Tu fic no debe superar los 100.000 caracteres</p>
      </div>,
    );
    document.documentElement.style.setProperty('--fics-sticky-bottom', '72px');
    const editor = screen.getByRole('textbox');
    const frame = editor.parentElement!;
    vi.spyOn(frame, 'getBoundingClientRect').mockReturnValue({ height: 50_000 } as DOMRect);
    expect(focusFirstError(document)).toBe(true);
    expect(editor).toHaveFocus();
    // The frame's end, where the message is, at the bottom of what is visible above the bar.
    expect(scrolled).toEqual([{ element: frame, options: { block: 'end', inline: 'nearest' } }]);
    expect(frame).toContainElement(screen.getByText('Tu fic no debe superar los 100.000 caracteres'));
    expect(frame.style.scrollMarginBottom).toBe('calc(var(--fics-sticky-bottom, 0px) + 16px)');
  });

  it("in a dialog, keeps room from the dialog's edges only (the page's bars are behind it)", () => {
    render(
      <Dialog open>
        <DialogContent>
          <TextField label="Correo" error helperText="Hay errores en los correos listados" />
        </DialogContent>
      </Dialog>,
    );
    expect(focusFirstError(screen.getByRole('dialog'))).toBe(true);
    const field = screen.getByRole('textbox', { name: 'Correo' });
    expect(field).toHaveFocus();
    const frame = field.closest<HTMLElement>('.MuiFormControl-root')!;
    expect(scrolled.at(-1)?.element).toBe(frame);
    expect(frame.style.scrollMarginBottom).toBe('16px');
  });

  it('focuses a message marked data-error-focus (an error of no one field) and a select', () => {
    const { unmount } = render(
      <div>
        <TextField label="Nombre" />
        <p data-error-focus>Hay errores en los correos listados</p>
        <TextField label="Correo" error />
      </div>,
    );
    expect(focusFirstError(document)).toBe(true);
    expect(screen.getByText('Hay errores en los correos listados')).toHaveFocus();
    unmount();

    render(
      <TextField select label="Rol" value="" error helperText="El rol es requerido">
        <option value="">-</option>
      </TextField>,
    );
    expect(focusFirstError(document)).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Rol' })).toHaveFocus();
  });

  it('returns false and moves nothing when no field is in error', () => {
    render(<TextField label="Nombre" />);
    expect(focusFirstError(document)).toBe(false);
    expect(scrolled).toEqual([]);
  });
});

function Bar() {
  const ref = useStickyInset<HTMLDivElement>('bottom');
  return <div ref={ref}>Guardar borrador</div>;
}

describe('useStickyInset', () => {
  it("publishes the bar's height while it is on the page", () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ height: 72 } as DOMRect);
    const { unmount } = render(<Bar />);
    expect(document.documentElement.style.getPropertyValue('--fics-sticky-bottom')).toBe('72px');
    unmount();
    expect(document.documentElement.style.getPropertyValue('--fics-sticky-bottom')).toBe('');
  });
});
