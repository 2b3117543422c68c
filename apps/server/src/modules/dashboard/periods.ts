import { DASHBOARD_RANGE_STEP, type DashboardRange } from '@laurel/domain';

/** Days as YYYY-MM-DD in UTC: the days the daily figures are kept by (migration 0021). */
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, n: number) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + n));

/** The period a day belongs to: itself, the Monday of its week, or the first of its month. */
export function periodOf(day: string, step: 'day' | 'week' | 'month'): string {
  if (step === 'day') return day;
  if (step === 'month') return `${day.slice(0, 7)}-01`;
  const d = new Date(`${day}T00:00:00Z`);
  return isoDay(addDays(d, -((d.getUTCDay() + 6) % 7)));
}

/** The periods of a range ending today, oldest first, and the first day counted. */
export function rangePeriods(range: DashboardRange, now: Date): { from: string; periods: string[] } {
  const step = DASHBOARD_RANGE_STEP[range];
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const periods: string[] = [];
  if (step === 'day') {
    const days = range === '7d' ? 7 : 30;
    for (let i = days - 1; i >= 0; i--) periods.push(isoDay(addDays(today, -i)));
  } else if (step === 'week') {
    const monday = new Date(`${periodOf(isoDay(today), 'week')}T00:00:00Z`);
    for (let i = 11; i >= 0; i--) periods.push(isoDay(addDays(monday, -7 * i)));
  } else {
    for (let i = 11; i >= 0; i--) periods.push(isoDay(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - i, 1))));
  }
  return { from: periods[0]!, periods };
}
