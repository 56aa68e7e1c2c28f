import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  chileDate,
  dueDateFor,
  dueState,
  extendedDueDate,
  isBusinessDay,
} from './deadlines';

/** Noon in Santiago on a day (UTC-3 or UTC-4 depending on the season; noon is safe either way). */
const santiagoNoon = (day: string) => new Date(`${day}T16:00:00Z`);

describe('legal due dates (Ley 21.719 art. 11)', () => {
  it('reads the day in Chile, not on the server: 23:30 in Santiago is still that day', () => {
    // 2026-12-04 23:30 in Santiago (summer time, UTC-3) is 02:30 UTC on the 5th.
    expect(chileDate(new Date('2026-12-05T02:30:00Z'))).toBe('2026-12-04');
    expect(chileDate(new Date('2026-12-05T03:30:00Z'))).toBe('2026-12-05');
  });

  it('gives 30 calendar days to answer, counted from the day of receipt, weekends and holidays included', () => {
    expect(dueDateFor('ACCESS', santiagoNoon('2026-12-01'))).toBe('2026-12-31');
    expect(dueDateFor('ERASURE', santiagoNoon('2027-02-10'))).toBe('2027-03-12');
    // Across a year and a holiday, still 30 calendar days.
    expect(dueDateFor('PORTABILITY', santiagoNoon('2026-12-20'))).toBe('2027-01-19');
  });

  it('gives a blocking 2 business days: a Friday before a Monday holiday ends on Wednesday', () => {
    // Friday 25 June 2027; Monday 28 June is San Pedro y San Pablo (a public holiday in Chile).
    expect(isBusinessDay('2027-06-28')).toBe(false);
    expect(dueDateFor('BLOCKING', santiagoNoon('2027-06-25'))).toBe('2027-06-30');
  });

  it('skips a Friday holiday and the weekend after it (Fiestas Patrias 2027)', () => {
    // Thursday 16 September 2027; Friday 17 is an added holiday, then 18 and 19 fall on the weekend.
    expect(dueDateFor('BLOCKING', santiagoNoon('2027-09-16'))).toBe('2027-09-21');
  });

  it('counts an ordinary week: Monday to Wednesday; Friday to Tuesday', () => {
    expect(dueDateFor('BLOCKING', santiagoNoon('2026-11-23'))).toBe('2026-11-25');
    expect(dueDateFor('BLOCKING', santiagoNoon('2026-11-27'))).toBe('2026-12-01');
    // A mid-week holiday: Tuesday 8 December 2026 (Inmaculada Concepción).
    expect(addBusinessDays('2026-12-07', 1)).toBe('2026-12-09');
  });

  it('extends once by 30 calendar days from the current due date', () => {
    expect(extendedDueDate('2026-12-31')).toBe('2027-01-30');
  });

  it("flags 'Vence pronto' within 7 days and 'Vencida' after the due day, only while open", () => {
    const now = santiagoNoon('2026-12-10');
    expect(dueState('2026-12-17', 'PENDING', now)).toEqual({ dueSoon: true, overdue: false });
    expect(dueState('2026-12-18', 'PENDING', now)).toEqual({ dueSoon: false, overdue: false });
    expect(dueState('2026-12-10', 'EXTENDED', now)).toEqual({ dueSoon: true, overdue: false });
    expect(dueState('2026-12-09', 'PENDING', now)).toEqual({ dueSoon: false, overdue: true });
    expect(dueState('2026-12-09', 'DONE', now)).toEqual({ dueSoon: false, overdue: false });
    expect(dueState('2026-12-12', 'REFUSED', now)).toEqual({ dueSoon: false, overdue: false });
  });
});
