import { z } from 'zod';
import { zCreateTokenBody } from '../../../../api/client/zod.gen.ts';

export const TOKEN_FIELDS = ['name', 'scopes', 'expires_in_days'] as const;

/** The generated body schema with messages for people. */
export const tokenFormSchema = zCreateTokenBody.extend({
  name: z
    .string()
    .trim()
    .min(1, 'Name the token after the program that will use it')
    .max(100, 'Use at most 100 characters'),
  scopes: z.array(zCreateTokenBody.shape.scopes.element).min(1, 'Choose at least one scope'),
  expires_in_days: z
    .int('Enter a whole number of days')
    .gte(1, 'At least 1 day')
    .lte(3650, 'At most 3650 days (10 years)')
    .optional(),
});

export type TokenFormInput = z.input<typeof tokenFormSchema>;
export type TokenFormValues = z.output<typeof tokenFormSchema>;
