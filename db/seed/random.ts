/**
 * A small seeded pseudo-random generator (mulberry32) so the demo agency is identical on every run.
 * Each part of the seed takes its own stream (`createRandom('properties')`), so adding data to one part
 * does not reshuffle every other part.
 */

const DEMO_SEED = 20240917;

/** FNV-1a: turns a stream name into a 32-bit seed. */
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export type Random = {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** Float in [min, max). */
  float(min: number, max: number): number;
  /** True with the given probability. */
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight; weights need not sum to 1. */
  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T;
  /** A new shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[];
  /** `count` distinct items (or all of them when there are fewer). */
  sample<T>(items: readonly T[], count: number): T[];
  /** Roughly normal (sum of three uniforms), mean 0, about ±1 at the extremes ≈ ±3σ. */
  normalish(): number;
  /** A date uniformly between two instants. */
  date(from: Date, to: Date): Date;
  /** A child stream, independent of later draws on this one. */
  fork(name: string): Random;
  /** A string of `length` characters taken from `alphabet`. */
  chars(length: number, alphabet: string): string;
};

export function createRandom(stream: string, seed: number = DEMO_SEED): Random {
  let state = (seed ^ hashString(stream)) >>> 0;

  function next(): number {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  const random: Random = {
    next,
    int(min, max) {
      return min + Math.floor(next() * (max - min + 1));
    },
    float(min, max) {
      return min + next() * (max - min);
    },
    chance(probability) {
      return next() < probability;
    },
    pick(items) {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    weighted(entries) {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [value, weight] of entries) {
        roll -= weight;
        if (roll < 0) return value;
      }
      const last = entries[entries.length - 1];
      if (!last) throw new Error('weighted pick from an empty list');
      return last[0];
    },
    shuffle(items) {
      const copy = [...items];
      for (let index = copy.length - 1; index > 0; index -= 1) {
        const other = Math.floor(next() * (index + 1));
        const held = copy[index] as (typeof copy)[number];
        copy[index] = copy[other] as (typeof copy)[number];
        copy[other] = held;
      }
      return copy;
    },
    sample(items, count) {
      return random.shuffle(items).slice(0, Math.max(0, count));
    },
    normalish() {
      return (next() + next() + next() - 1.5) / 1.5;
    },
    date(from, to) {
      return new Date(from.getTime() + Math.floor(next() * (to.getTime() - from.getTime())));
    },
    fork(name) {
      return createRandom(`${stream}/${name}`, (seed ^ Math.floor(next() * 4294967296)) >>> 0);
    },
    chars(length, alphabet) {
      let text = '';
      for (let index = 0; index < length; index += 1) text += alphabet[Math.floor(next() * alphabet.length)];
      return text;
    },
  };
  return random;
}

/** Lower-case, accent-free, hyphenated text for URLs. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Great-circle distance in kilometres. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const toRadians = Math.PI / 180;
  const dLat = (b.lat - a.lat) * toRadians;
  const dLng = (b.lng - a.lng) * toRadians;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * toRadians) * Math.cos(b.lat * toRadians) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Moves a point by metres east and north (flat-earth approximation, fine at these distances). */
export function offsetPoint(point: { lat: number; lng: number }, eastMetres: number, northMetres: number) {
  const lat = point.lat + northMetres / 111_320;
  const lng = point.lng + eastMetres / (111_320 * Math.cos((point.lat * Math.PI) / 180));
  return { lat: Number(lat.toFixed(6)), lng: Number(lng.toFixed(6)) };
}

/** Lets the event loop run between batches so PGlite (on the main thread) keeps answering. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let index = 0; index < items.length; index += size) chunks.push(items.slice(index, index + size));
  return chunks;
}
