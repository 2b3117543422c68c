import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { z } from 'zod';

/**
 * A Mantine form's `validate`, from the call's schema in `@laurel/domain`: the form checks the rule the server
 * holds to. A field with several broken checks shows the first, as the schema orders them (the "is required"
 * before the shape).
 */
export function validateWith(schema: z.ZodType) {
  return zod4Resolver(schema, { errorPriority: 'first' });
}
