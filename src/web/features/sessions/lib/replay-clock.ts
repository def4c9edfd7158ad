/**
 * The replay's clock and the events' clock differ: rrweb stamps frames with the visitor's clock, the
 * server moves events onto its own. `clockOffsetMs` (server minus visitor) converts between them;
 * offsets are milliseconds from the recording's first frame, as the player counts.
 */
export interface ReplayClock {
  firstFrameAt: number;
  clockOffsetMs: number;
}

export function offsetOfServerTime(clock: ReplayClock, serverTimeMs: number): number {
  return Math.max(0, serverTimeMs - clock.clockOffsetMs - clock.firstFrameAt);
}

export function serverTimeOfOffset(clock: ReplayClock, offsetMs: number): number {
  return clock.firstFrameAt + clock.clockOffsetMs + offsetMs;
}

/** `?t=` counts seconds from the session's start (creation_timestamp), as the links in alerts do. */
export function serverTimeOfShareParam(creationTimestamp: number, t: string | null): number | null {
  if (t === null || !/^\d{1,6}(\.\d{1,3})?$/.test(t)) return null;
  return creationTimestamp * 1000 + Number(t) * 1000;
}

export function shareParamOfServerTime(creationTimestamp: number, serverTimeMs: number): string {
  return String(Math.max(0, Math.floor(serverTimeMs / 1000 - creationTimestamp)));
}

export function formatClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return minutes >= 60
    ? `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}:${seconds}`
    : `${minutes}:${seconds}`;
}
