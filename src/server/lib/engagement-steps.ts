/** Engagement scores are kept in tenths of a point: ingest and the seeder round them so. */
export const ENGAGEMENT_STEPS_PER_POINT = 10;

/** A score rounded to the tenth it is kept in. */
export function roundEngagement(score: number): number {
  return Math.round(score * ENGAGEMENT_STEPS_PER_POINT) / ENGAGEMENT_STEPS_PER_POINT;
}

/**
 * The lowest score a session can have that is at least `bound`: a filter's minimum as the tenth it lets in
 * first, so each database compares a score with a score. PostgreSQL keeps scores in single precision and
 * would round a bound such as 40.0000001 down onto 40 itself; a bound of 1e-300 lets no score of 0 in.
 */
export function lowestEngagementFrom(bound: number): number {
  let step = Math.ceil(bound * ENGAGEMENT_STEPS_PER_POINT);
  // Ten times a tenth is not always a whole number in binary (0.7 × 10 is 7.000000000000001).
  if ((step - 1) / ENGAGEMENT_STEPS_PER_POINT >= bound) step -= 1;
  else if (step / ENGAGEMENT_STEPS_PER_POINT < bound) step += 1;
  return step / ENGAGEMENT_STEPS_PER_POINT;
}

/** The highest score a session can have that is at most `bound`: a filter's maximum as the last tenth it lets in. */
export function highestEngagementUpTo(bound: number): number {
  let step = Math.floor(bound * ENGAGEMENT_STEPS_PER_POINT);
  if ((step + 1) / ENGAGEMENT_STEPS_PER_POINT <= bound) step += 1;
  else if (step / ENGAGEMENT_STEPS_PER_POINT > bound) step -= 1;
  return step / ENGAGEMENT_STEPS_PER_POINT;
}
