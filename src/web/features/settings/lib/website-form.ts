import { z } from 'zod';
import { zCreateWebsiteBody } from '../../../../api/client/zod.gen.ts';

export const WEBSITE_FIELDS = ['host', 'name', 'description'] as const;

// A host name with an optional port; the server normalises it (lower case, punycode) and has the last word.
const HOST = /^[^\s/\\?#@[\]]+$/;

/** The generated body schema with messages; empty optional fields mean "none given". */
export const websiteFormSchema = zCreateWebsiteBody.extend({
  host: z
    .string()
    .trim()
    .min(1, 'Enter the host, such as shop.example.com')
    .max(300, 'Use at most 300 characters')
    .regex(HOST, 'Only the host, such as shop.example.com or localhost:8080: no https:// and no path'),
  name: z
    .string()
    .trim()
    .max(100, 'Use at most 100 characters')
    .transform((name) => name || undefined),
  description: z
    .string()
    .trim()
    .max(500, 'Use at most 500 characters')
    .transform((description) => description || undefined),
});

export type WebsiteFormInput = z.input<typeof websiteFormSchema>;
export type WebsiteFormValues = z.output<typeof websiteFormSchema>;
