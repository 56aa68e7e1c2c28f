import type Holidays from 'date-holidays';
import { lazyRequire } from '../../lib/lazy-require';
import { privacyRequestLimits, type PrivacyRequestStatus, type PrivacyRequestType } from '@fics/contracts';

/**
 * The legal times of Ley 21.719 art. 11, computed here and nowhere else (issue 22.3,
 * docs/decisions/privacy-requests.md):
 *
 * - an answer within 30 calendar days ("días corridos") of receipt, extendable once by 30 more;
 * - a blocking within 2 business days ("días hábiles"): Monday to Friday, not a Chilean public
 *   holiday (date-holidays, country CL, type 'public': it follows the laws that move holidays).
 *
 * Days are Chile's calendar days (America/Santiago), whatever the server's zone: a request
 * received on Friday at 23:30 in Santiago is received on Friday. A due date is the last day to
 * answer, a plain date 'YYYY-MM-DD'. Receipt is the moment the request enters the queue: at once
 * for an account, at the confirmation of the e-mailed link for a parent without one.
 */
export const CHILE_TIME_ZONE = 'America/Santiago';

const chileDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: CHILE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date in Chile at `instant` ('YYYY-MM-DD'). */
export function chileDate(instant: Date): string {
  return chileDay.format(instant);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** `day` plus `days` calendar days (plain dates, no time zone involved). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Loaded when a deadline is first counted, not at start (lib/lazy-require.ts). */
const holidaysClass = lazyRequire<typeof Holidays>('date-holidays');
let holidays: Holidays | undefined;
const holidaysByYear = new Map<number, ReadonlySet<string>>();

/** Chile's public holidays of a year ('YYYY-MM-DD'), read once per year from date-holidays. */
function publicHolidays(year: number): ReadonlySet<string> {
  let days = holidaysByYear.get(year);
  if (!days) {
    days = new Set(
      (holidays ??= new (holidaysClass())('CL'))
        .getHolidays(year)
        .filter((holiday) => holiday.type === 'public')
        .map((holiday) => holiday.date.slice(0, 10)),
    );
    holidaysByYear.set(year, days);
  }
  return days;
}

/** Monday to Friday and not a public holiday in Chile. */
export function isBusinessDay(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !publicHolidays(Number(day.slice(0, 4))).has(day);
}

/** The `count`th business day after `day` (the day of receipt itself never counts). */
export function addBusinessDays(day: string, count: number): string {
  let current = day;
  let left = count;
  while (left > 0) {
    current = addDays(current, 1);
    if (isBusinessDay(current)) {
      left -= 1;
    }
  }
  return current;
}

/** The last day to answer a request received at `receivedAt`. */
export function dueDateFor(type: PrivacyRequestType, receivedAt: Date): string {
  const received = chileDate(receivedAt);
  return type === 'BLOCKING'
    ? addBusinessDays(received, privacyRequestLimits.blockingBusinessDays)
    : addDays(received, privacyRequestLimits.answerDays);
}

/** The due date after the one extension: 30 more calendar days from the current one. */
export function extendedDueDate(dueAt: string): string {
  return addDays(dueAt, privacyRequestLimits.extensionDays);
}

/** The last due date that counts as 'Vence pronto' today (and for the warning). */
export function dueSoonLimit(now: Date): string {
  return addDays(chileDate(now), privacyRequestLimits.dueSoonDays);
}

/** The queue's flags: open and past its due date ('Vencida'), or due within a week ('Vence pronto'). */
export function dueState(
  dueAt: string,
  status: PrivacyRequestStatus,
  now: Date,
): { dueSoon: boolean; overdue: boolean } {
  if (status !== 'PENDING' && status !== 'EXTENDED') {
    return { dueSoon: false, overdue: false };
  }
  const overdue = chileDate(now) > dueAt;
  return { overdue, dueSoon: !overdue && dueAt <= dueSoonLimit(now) };
}
