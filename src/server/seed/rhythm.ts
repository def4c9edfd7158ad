import type { Random } from './random.ts';

// Relative traffic by local hour: quiet before dawn, a working-day plateau, a smaller evening bump.
const HOUR_WEIGHTS = [
  0.18, 0.12, 0.09, 0.08, 0.08, 0.12, 0.25, 0.45, 0.7, 0.88, 0.97, 1, 0.95, 0.98, 1, 0.96, 0.9, 0.8, 0.72, 0.75, 0.72,
  0.6, 0.42, 0.28,
];
const WEEKEND_FACTOR = 0.6;
const DAY = 86_400;

/** How busy a moment is, 0 to 1, for a visitor whose clock is `utcOffset` hours from UTC. */
function busyness(timestamp: number, utcOffset: number): number {
  const local = timestamp + utcOffset * 3600;
  const hour = Math.floor((((local % DAY) + DAY) % DAY) / 3600);
  // 1970-01-01 was a Thursday: day 0 is weekday 4 when Sunday is 0.
  const weekday = (((Math.floor(local / DAY) + 4) % 7) + 7) % 7;
  const weekend = weekday === 0 || weekday === 6;
  return (HOUR_WEIGHTS[hour] ?? 1) * (weekend ? WEEKEND_FACTOR : 1);
}

/**
 * A Unix timestamp drawn with the day/night and weekday rhythm (rejection sampling) from the stretch
 * `[from, from + length)`, folded into the window `[windowStart, windowEnd)` where it runs past either edge.
 * Folding, rather than clipping the stretch or only placing it inside the window, keeps every moment of the
 * window equally likely to be covered, so the most recent days are as busy as any other.
 */
export function rhythmicTimestamp(
  random: Random,
  from: number,
  length: number,
  utcOffset: number,
  windowStart: number,
  windowEnd: number,
): number {
  const fold = (candidate: number) => {
    const size = windowEnd - windowStart;
    return windowStart + ((((candidate - windowStart) % size) + size) % size);
  };
  for (let attempt = 0; attempt < 64; attempt += 1) {
    const candidate = fold(from + Math.floor(random.next() * length));
    if (random.next() < busyness(candidate, utcOffset)) return candidate;
  }
  return fold(from + Math.floor(random.next() * length));
}
