import Typography from '@mui/material/Typography';

const dateFormat = new Intl.DateTimeFormat('es-CL', { dateStyle: 'medium', timeStyle: 'short' });
/** A date and time of the moderation screens, in Spanish ('20 nov 2026, 12:00'). */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** Quoted words of the item: plain text from the API, so React escapes it (no HTML is rendered). */
export function Quote({ text, muted = false }: { text: string; muted?: boolean }) {
  return (
    <Typography
      component="blockquote"
      variant="body2"
      sx={{
        m: 0,
        pl: 1.5,
        borderLeft: '4px solid',
        borderColor: muted ? 'divider' : 'warning.main',
        color: muted ? 'text.secondary' : 'text.primary',
        whiteSpace: 'pre-line',
        overflowWrap: 'anywhere',
      }}
    >
      {text}
    </Typography>
  );
}
