/** A legal due date ('YYYY-MM-DD', Chile's calendar) as Chileans write it: '27-12-2026'. */
export const dueDateText = (day: string) => day.split('-').reverse().join('-');

const dayFormat = new Intl.DateTimeFormat('es-CL', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'America/Santiago',
});

/** The day of a moment in Chile ('27-12-2026'). */
export const dayText = (iso: string) => dayFormat.format(new Date(iso));
