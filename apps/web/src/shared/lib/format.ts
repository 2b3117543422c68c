/** mm:ss for countdowns; never negative. */
export function formatCountdown(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

const dateTime = new Intl.DateTimeFormat('en-US', {
  month: 'numeric',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** Dates read M/d/yyyy across the product (docs/product/billing-and-credits.md#rules-and-limits), with the time where it matters. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

const dateOnly = new Intl.DateTimeFormat('en-US', { month: 'numeric', day: 'numeric', year: 'numeric' });

/** M/d/yyyy alone, where the time of day says nothing (when a user was added). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateOnly.format(date);
}

export function firstName(user: { first_name: string; username: string }): string {
  return user.first_name.trim() || user.username;
}

/**
 * A count with its noun, the one way the web writes counts: "1 recipient", "1,204 recipients", "0 certificate sets";
 * `many` for a noun that does not just take an s ("1 person", "3 people").
 */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? word : many}`;
}
