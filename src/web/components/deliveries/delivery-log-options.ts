/** How many messages a delivery log shows, newest first (the API allows up to 100). */
export const DELIVERY_LOG_LIMIT = 50;

/** How often an open delivery log asks again, so a test message appears and moves on without a reload. */
export const DELIVERY_LOG_REFRESH_MS = 3_000;
