import Alert from '@mui/material/Alert';

/** The inline failure text a form shows next to its buttons ('Algo ha salido mal. ...'). */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) {
    return null;
  }
  return (
    <Alert severity="error" role="alert" sx={{ mt: 1 }}>
      {message}
    </Alert>
  );
}
