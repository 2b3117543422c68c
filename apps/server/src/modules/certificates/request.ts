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

/** A set's own fields beside its design and email: its name, and what its credentials say of the achievement. */
const SET_FIELDS = [
  'name',
  'style_id',
  'id',
  'account_id',
  'created_at',
  'updated_at',
  'image',
  'achievement_description',
  'achievement_criteria',
];

/** Splits a flat payload into the design part and the email part the tables keep apart. */
export function splitPayload(body: Record<string, unknown>) {
  const design: Record<string, unknown> = {};
  const email: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (SET_FIELDS.includes(key)) continue;
    if ((DESIGN_FIELDS as readonly string[]).includes(key)) design[key] = value;
    else email[key] = value;
  }
  return { design, email };
}
