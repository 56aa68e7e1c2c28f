const momentFormat = new Intl.DateTimeFormat('es-CL', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'America/Santiago',
});

/** A moment as Chile reads it ('27-11-2026, 10:30'). */
export const momentText = (iso: string) => momentFormat.format(new Date(iso));

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO moment as a datetime-local input shows it, in the browser's own time ('2026-11-27T10:30'). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) {
    return '';
  }
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) {
    return '';
  }
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local input's value (the browser's time) as the ISO moment the API takes; '' stays ''. */
export function fromLocalInput(value: string): string {
  if (!value) {
    return '';
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}
