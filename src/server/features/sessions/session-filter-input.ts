import { DEVICE_TYPES, deviceTypeOf } from '../../../api/device-types.ts';
import type { SessionsQueryInput } from '../../../api/schemas/sessions-query.ts';
import { errors } from '../../errors.ts';
import { emailKey } from '../../lib/email-key.ts';
import { highestEngagementUpTo, lowestEngagementFrom } from '../../lib/engagement-steps.ts';
import type { SessionFilter } from './session-filter.ts';

function checkRange(min: number | undefined, max: number | undefined, param: string): void {
  if (min !== undefined && max !== undefined && min > max) {
    throw errors.validation('invalid_range', `${param}_min must not be greater than ${param}_max`, `${param}_min`);
  }
}

/** A device type in any case, as sessions keep it; any other is refused, as a typo would match nothing. */
function deviceType(device: string | undefined): string | undefined {
  if (device === undefined) return undefined;
  const known = deviceTypeOf(device);
  if (known) return known;
  throw errors.validation('invalid_value', `device must be one of ${DEVICE_TYPES.join(', ')}`, 'device');
}

/**
 * The e-mail as visitors' e-mails are kept for the filter (`emailKey`: trimmed, in lower case). Only spaces is
 * refused like no text at all, rather than read as an e-mail no one has.
 */
function emailFilter(email: string | undefined): string | undefined {
  if (email === undefined) return undefined;
  const key = emailKey(email);
  if (key === '') throw errors.validation('too_short', 'email must not be blank', 'email');
  return key;
}

/** `name=value`, split at the first `=`; the schema has already required a non-empty name before it. */
function parseVisitorParam(text: string): { name: string; value: string } {
  const at = text.indexOf('=');
  return { name: text.slice(0, at), value: text.slice(at + 1) };
}

/** The list's query parameters as a filter, the date range already resolved to Unix seconds. */
export function toSessionFilter(
  accountId: string,
  query: SessionsQueryInput,
  range: { from: number | null; to: number | null } | null,
): SessionFilter {
  checkRange(query.duration_min, query.duration_max, 'duration');
  checkRange(query.engagement_min, query.engagement_max, 'engagement');
  const filter: SessionFilter = {
    accountId,
    emailLower: emailFilter(query.email),
    visitorId: query.visitor_id,
    websiteId: query.website_id,
    from: range?.from ?? null,
    to: range?.to ?? null,
    device: deviceType(query.device),
    browser: query.browser,
    os: query.os,
    country: query.country?.toUpperCase(),
    durationMin: query.duration_min,
    durationMax: query.duration_max,
    // Scores are tenths: each bound as the tenth it lets in, so both databases compare alike.
    engagementMin: query.engagement_min === undefined ? undefined : lowestEngagementFrom(query.engagement_min),
    engagementMax: query.engagement_max === undefined ? undefined : highestEngagementUpTo(query.engagement_max),
    hasErrors: query.has_errors,
    hasRageClicks: query.has_rage_clicks,
    hasErrorClicks: query.has_error_clicks,
    identified: query.identified,
    seen: query.seen,
    url: query.url,
    startUrl: query.start_url,
    referrer: query.referrer,
    utmSource: query.utm_source,
    utmMedium: query.utm_medium,
    utmCampaign: query.utm_campaign,
    tag: query.tag,
    visitorParam: query.visitor_param === undefined ? undefined : parseVisitorParam(query.visitor_param),
  };
  return filter;
}
