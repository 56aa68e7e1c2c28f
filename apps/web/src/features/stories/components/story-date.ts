import { format } from 'date-fns';
import { es } from 'date-fns/locale/es';

/** A fic's date as spec 001 §9 shows dates, 'MMM dd, yyyy' in Spanish: 'ene 05, 2025'. */
export function formatStoryDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'MMM dd, yyyy', { locale: es });
}
