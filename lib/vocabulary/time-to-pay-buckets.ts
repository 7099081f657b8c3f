// Time to pay kept as a fixed histogram (the Overview's rollups count paid charges per bucket), and
// the percentile read back from it. The bounds are steps of at most ~25% from 1 s to a week, so an
// estimate interpolated inside its bucket is within a few percent of the exact percentile in
// practice and never further than its bucket's width. The migration's overview_pace_bucket()
// repeats these bounds (a test checks that both agree).

/** Lower bounds in seconds: bucket i (1-based, as SQL's width_bucket numbers them) is [bounds[i-1], bounds[i]); the last is open. */
export const timeToPayBucketBounds = [
  0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 75, 90, 120, 150, 180, 240, 300, 360, 480, 600, 750, 900, 1200, 1500, 1800,
  2400, 3000, 3600, 4500, 5400, 7200, 9000, 10800, 14400, 18000, 21600, 28800, 36000, 43200, 57600, 72000, 86400, 129600, 172800, 259200,
  345600, 604800,
] as const;

/** The bucket a time to pay falls in: 1..bounds.length (a negative time, a clock skew, counts as 0 s). */
export function timeToPayBucketOf(seconds: number): number {
  let bucket = 1;
  while (bucket < timeToPayBucketBounds.length && seconds >= timeToPayBucketBounds[bucket]!) bucket += 1;
  return bucket;
}

/**
 * The percentile (0..1) of a histogram (bucket number → count), in seconds, rounded: like
 * PostgreSQL's percentile_cont, the position fraction × (n − 1) among the sorted values, placed
 * inside its bucket by linear interpolation (values spread evenly over the bucket). Null when empty.
 */
export function timeToPayPercentile(histogram: ReadonlyMap<number, number>, fraction: number): number | null {
  const buckets = [...histogram].filter(([, count]) => count > 0).sort(([a], [b]) => a - b);
  const total = buckets.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return null;
  const position = fraction * (total - 1);
  let before = 0;
  for (const [bucket, count] of buckets) {
    if (position < before + count) {
      const lower = timeToPayBucketBounds[Math.max(bucket, 1) - 1]!;
      const upper = timeToPayBucketBounds[bucket] ?? lower;
      return Math.round(lower + ((upper - lower) * (position - before + 0.5)) / count);
    }
    before += count;
  }
  return null;
}
