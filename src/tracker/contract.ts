// The tracker's short names for the shared catalogue's constants (one source, bundled without TypeBox).
export { EMAIL_PATTERN, EVENT_KIND as KIND, INGEST_LIMITS as LIMITS, PER_PAGE_CAPS } from '../api/event-catalogue.ts';
