/** A moment as the screen shows it, in the viewer's own locale and time zone. */
export const formatDateTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
