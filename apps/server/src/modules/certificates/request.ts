/** Fields of the design; the rest of a set's payload is its email (validated by the email editor rules). */
export const DESIGN_FIELDS = [
  'format',
  'is_portrait',
  'use_two_side',
  'rotate_bg',
  'expiration_date_format',
  'elements',
  'back_side_elements',
] as const;

/** Splits a flat payload into the design part and the email part the tables keep apart. */
export function splitPayload(body: Record<string, unknown>) {
  const design: Record<string, unknown> = {};
  const email: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (
      key === 'name' ||
      key === 'style_id' ||
      key === 'id' ||
      key === 'account_id' ||
      key === 'created_at' ||
      key === 'updated_at' ||
      key === 'image'
    )
      continue;
    if ((DESIGN_FIELDS as readonly string[]).includes(key)) design[key] = value;
    else email[key] = value;
  }
  return { design, email };
}
