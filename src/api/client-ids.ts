/**
 * The ids the tracker gives batches, visitors and sessions: 8 to 64 letters, digits, "_" or "-". Shared by
 * the ingest schema and the dashboard's search (text that cannot be such an id is looked up as a name).
 * Plain constants, importable without TypeBox.
 */
export const CLIENT_ID_PATTERN = '^[A-Za-z0-9_-]{8,64}$';

const CLIENT_ID = new RegExp(CLIENT_ID_PATTERN);

export const isClientId = (text: string): boolean => CLIENT_ID.test(text);
