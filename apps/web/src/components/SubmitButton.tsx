import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

interface SubmitButtonProps extends Omit<ButtonProps, 'type'> {
  /** While true the button is disabled and shows a spinner (forms' submitting state). */
  pending: boolean;
}

export function SubmitButton({ pending, disabled, children, ...props }: SubmitButtonProps) {
  return (
    <Button
      variant="contained"
      {...props}
      type="submit"
      disabled={pending || disabled}
      aria-busy={pending}
      startIcon={pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : props.startIcon}
    >
      {children}
    </Button>
  );
}
