/** A weighted choice: `weight` is relative, not a percentage. */
export type Weighted<T> = readonly [value: T, weight: number];

const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * A seedable pseudo-random generator (mulberry32): the same seed gives the same data on every run,
 * which is what makes seeded databases and their tests reproducible. Not for secrets.
 */
export class Random {
  private state: number;
  private spareNormal: number | null = null;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A 32-bit unsigned integer, to seed another generator with. */
  seed(): number {
    return Math.floor(this.next() * 2 ** 32);
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  weighted<T>(table: WeightedTable<T>): T {
    return table.pick(this.next());
  }

  /** A standard normal sample (Box-Muller, keeping the second value for the next call). */
  normal(): number {
    if (this.spareNormal !== null) {
      const spare = this.spareNormal;
      this.spareNormal = null;
      return spare;
    }
    const u = 1 - this.next();
    const v = this.next();
    const radius = Math.sqrt(-2 * Math.log(u));
    this.spareNormal = radius * Math.sin(2 * Math.PI * v);
    return radius * Math.cos(2 * Math.PI * v);
  }

  /** A Poisson sample; fine for the small means used here. */
  poisson(mean: number): number {
    const limit = Math.exp(-mean);
    let count = 0;
    let product = this.next();
    while (product > limit) {
      count += 1;
      product *= this.next();
    }
    return count;
  }

  base36(length: number): string {
    let out = '';
    for (let i = 0; i < length; i += 1) out += BASE36[Math.floor(this.next() * 36)];
    return out;
  }
}

/** A weighted table with its cumulative weights computed once, so a pick is a binary search. */
export class WeightedTable<T> {
  private readonly values: T[];
  private readonly cumulative: number[];
  private readonly total: number;

  constructor(entries: readonly Weighted<T>[]) {
    if (entries.length === 0) throw new Error('A weighted table needs at least one entry');
    this.values = entries.map(([value]) => value);
    let running = 0;
    this.cumulative = entries.map(([, weight]) => (running += weight));
    this.total = running;
  }

  /** The same weights over `convert`ed values. */
  map<U>(convert: (value: T) => U): WeightedTable<U> {
    return new WeightedTable(
      this.values.map((value, index) => {
        const below = index === 0 ? 0 : (this.cumulative[index - 1] as number);
        return [convert(value), (this.cumulative[index] as number) - below] as const;
      }),
    );
  }

  /** Maps a uniform float in [0, 1) to an entry. */
  pick(uniform: number): T {
    const target = uniform * this.total;
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.cumulative[middle] ?? 0) > target) high = middle;
      else low = middle + 1;
    }
    return this.values[low] as T;
  }
}

export function table<T>(entries: readonly Weighted<T>[]): WeightedTable<T> {
  return new WeightedTable(entries);
}

/** A weighted table of names written as `{ name: weight }`, which reads better for short tables. */
export function weights<K extends string>(entries: Partial<Record<K, number>>): WeightedTable<K> {
  return new WeightedTable(Object.entries(entries) as [K, number][]);
}
