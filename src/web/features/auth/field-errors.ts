import { z } from 'zod';

/** The first message per field of a failed parse, for showing under each input. */
export function firstFieldErrors<Fields extends Record<string, unknown>>(
  error: z.ZodError<Fields>,
): Partial<Record<keyof Fields, string>> {
  const { fieldErrors } = z.flattenError(error);
  const result: Partial<Record<keyof Fields, string>> = {};
  for (const [field, messages] of Object.entries(fieldErrors) as [keyof Fields, string[] | undefined][]) {
    const first = messages?.[0];
    if (first !== undefined) result[field] = first;
  }
  return result;
}
