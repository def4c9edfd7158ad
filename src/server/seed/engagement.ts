import { engagementScore } from '../features/ingest/engagement.ts';
import { roundEngagement } from '../lib/engagement-steps.ts';
import type { Random } from './random.ts';

/** What a session's visitor did: the counters and times of a SessionsTable row. */
export interface Activity {
  duration: number;
  activeTime: number;
  pageViews: number;
  clicks: number;
  errorClicks: number;
  rageClicks: number;
  errorLogs: number;
  netErrors: number;
  engagementScore: number;
}

const MIN_DURATION = 5;
const MAX_DURATION = 7200;

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * Draws a session's activity from one latent "interest" level, so that duration, page views, clicks and
 * active time rise together; frustration (rage and error clicks, errors) comes in occasional bursts and
 * pulls the engagement score down.
 */
export function simulateActivity(random: Random, interestBias: number): Activity {
  const interest = random.normal() + interestBias;
  // Log-normal around 90 s: most sessions are short, a few last an hour or two.
  const durationNoise = 0.75 * interest + 0.66 * random.normal();
  const duration = Math.round(clamp(90 * Math.exp(1.15 * durationNoise), MIN_DURATION, MAX_DURATION));
  const pageViews = Math.min(
    1 + random.poisson(clamp(Math.exp(0.6 + 0.65 * interest) - 0.6, 0.05, 40)),
    Math.max(1, Math.floor(duration / 4)),
  );
  const clicks = random.poisson(clamp(pageViews * Math.exp(0.6 + 0.3 * interest), 0.1, 150));
  const activeShare = 1 / (1 + Math.exp(-(0.2 + 0.8 * interest + 0.4 * random.normal())));
  const activeTime = Math.min(duration, Math.round(duration * clamp(activeShare, 0.05, 0.98)));

  const frustrated = random.chance(interest < -0.5 ? 0.14 : 0.06);
  const rageClicks = frustrated && random.chance(0.6) ? 1 + random.poisson(2) : 0;
  const errorClicks = frustrated ? random.poisson(1.5) : random.chance(0.02) ? 1 : 0;
  const errorLogs = frustrated ? random.poisson(3) : random.chance(0.08) ? 1 + random.poisson(0.5) : 0;
  const netErrors = frustrated ? random.poisson(1.5) : random.chance(0.04) ? 1 : 0;

  // The product's own formula, with a little noise so the demo does not look computed.
  const formula = engagementScore({
    duration,
    activeTime,
    pageViews,
    clicks,
    rageClicks,
    errorClicks,
    errorLogs,
    netErrors,
  });
  const score = roundEngagement(clamp(formula + 3 * random.normal(), 0, 100));

  return {
    duration,
    activeTime,
    pageViews,
    clicks,
    errorClicks,
    rageClicks,
    errorLogs,
    netErrors,
    engagementScore: score,
  };
}
