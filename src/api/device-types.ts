/**
 * Every device type a session can have, shared by the server (which derives it from the User-Agent and
 * checks the list's `device` filter against it) and the dashboard (which offers them as choices). TVs,
 * consoles and embedded browsers count as desktops. Plain constants, importable without TypeBox.
 */
export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** `text` as one of the device types, in any case; null when it is none. */
export function deviceTypeOf(text: string): DeviceType | null {
  const lower = text.toLowerCase();
  return DEVICE_TYPES.find((type) => type === lower) ?? null;
}
