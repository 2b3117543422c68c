/** An audit entry's details on one line, `key: value`, ids after what they name (JSON keeps no order of its own). */
export function auditDetails(details: Record<string, unknown>): string {
  const isId = (key: string) => key === 'id' || key.endsWith('_id');
  return Object.entries(details)
    .sort(([a], [b]) => Number(isId(a)) - Number(isId(b)))
    .map(([key, value]) => `${key.replace(/_/g, ' ')}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(', ');
}
