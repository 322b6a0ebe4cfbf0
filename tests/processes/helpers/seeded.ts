// A small seeded random source (mulberry32), so that a run's plan — journeys, kill points, pauses —
// is printed as one number and replayed with it.
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
  };
}

/** The seed from `name` in the environment, or a fresh one; printed either way. */
export function seedFrom(name: string): number {
  const seed = process.env[name] ? Number(process.env[name]) : Math.floor(Math.random() * 2 ** 31);
  console.log(`${name}=${seed} (set it to replay this run's plan)`);
  return seed;
}
