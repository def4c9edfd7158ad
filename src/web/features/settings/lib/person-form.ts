import { z } from 'zod';
import { zCreateUserBody } from '../../../../api/client/zod.gen.ts';

export const PERSON_FIELDS = ['email', 'name', 'role'] as const;

/** The generated body schema with messages for people; an empty name means "none given". */
export const personFormSchema = zCreateUserBody.extend({
  email: z.string().trim().pipe(z.email('Enter an e-mail address').max(254, 'Use at most 254 characters')),
  name: z
    .string()
    .trim()
    .max(100, 'Use at most 100 characters')
    .transform((name) => name || undefined),
});

export type PersonFormInput = z.input<typeof personFormSchema>;
export type PersonFormValues = z.output<typeof personFormSchema>;
