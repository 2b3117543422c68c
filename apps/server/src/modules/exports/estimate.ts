/** docs/product/store.md#rules-and-limits: an export takes about 3 minutes, or 3 minutes per 250 recipients from 250 on. */
export const EXPORT_BASE_MINUTES = 3;
export const EXPORT_ROWS_PER_STEP = 250;

export function exportEstimateMinutes(rows: number): number {
  if (rows < EXPORT_ROWS_PER_STEP) return EXPORT_BASE_MINUTES;
  return Math.round(rows / EXPORT_ROWS_PER_STEP) * EXPORT_BASE_MINUTES;
}
