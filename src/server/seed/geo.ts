import { type Random, table } from './random.ts';

export interface Place {
  countryCode: string;
  region: string;
  city: string;
  /** Hours from UTC, ignoring daylight saving: close enough to shape a day/night rhythm. */
  utcOffset: number;
}

type PlaceRow = readonly [countryCode: string, region: string, city: string, utcOffset: number, weight: number];

// Weighted toward the markets a typical English-language SaaS sees most.
const PLACES: readonly PlaceRow[] = [
  ['US', 'New York', 'New York', -5, 9],
  ['US', 'California', 'San Francisco', -8, 7],
  ['US', 'California', 'Los Angeles', -8, 5],
  ['US', 'Texas', 'Austin', -6, 4],
  ['US', 'Illinois', 'Chicago', -6, 4],
  ['US', 'Washington', 'Seattle', -8, 3],
  ['US', 'Massachusetts', 'Boston', -5, 3],
  ['US', 'Florida', 'Miami', -5, 2],
  ['GB', 'England', 'London', 0, 7],
  ['GB', 'England', 'Manchester', 0, 2],
  ['GB', 'Scotland', 'Edinburgh', 0, 1],
  ['DE', 'Berlin', 'Berlin', 1, 4],
  ['DE', 'Bavaria', 'Munich', 1, 3],
  ['DE', 'Hamburg', 'Hamburg', 1, 2],
  ['FR', 'Île-de-France', 'Paris', 1, 4],
  ['FR', 'Auvergne-Rhône-Alpes', 'Lyon', 1, 1],
  ['IN', 'Karnataka', 'Bengaluru', 5.5, 4],
  ['IN', 'Maharashtra', 'Mumbai', 5.5, 3],
  ['IN', 'Delhi', 'New Delhi', 5.5, 2],
  ['BR', 'São Paulo', 'São Paulo', -3, 3],
  ['BR', 'Rio de Janeiro', 'Rio de Janeiro', -3, 1],
  ['CA', 'Ontario', 'Toronto', -5, 3],
  ['CA', 'British Columbia', 'Vancouver', -8, 2],
  ['CA', 'Quebec', 'Montreal', -5, 1],
  ['AU', 'New South Wales', 'Sydney', 10, 2],
  ['AU', 'Victoria', 'Melbourne', 10, 2],
  ['NL', 'North Holland', 'Amsterdam', 1, 3],
  ['NL', 'South Holland', 'Rotterdam', 1, 1],
  ['ES', 'Madrid', 'Madrid', 1, 2],
  ['ES', 'Catalonia', 'Barcelona', 1, 2],
  ['JP', 'Tokyo', 'Tokyo', 9, 3],
  ['JP', 'Osaka', 'Osaka', 9, 1],
  ['IT', 'Lombardy', 'Milan', 1, 2],
  ['SE', 'Stockholm County', 'Stockholm', 1, 1],
  ['PL', 'Masovia', 'Warsaw', 1, 1],
  ['IE', 'Leinster', 'Dublin', 0, 1],
  ['SG', 'Singapore', 'Singapore', 8, 1],
  ['MX', 'Mexico City', 'Mexico City', -6, 1],
  ['ZA', 'Gauteng', 'Johannesburg', 2, 1],
  ['KR', 'Seoul', 'Seoul', 9, 1],
];

const PLACE_TABLE = table(
  PLACES.map(
    ([countryCode, region, city, utcOffset, weight]) => [{ countryCode, region, city, utcOffset }, weight] as const,
  ),
);

// First octets of ranges allocated to ISPs in each country: plausible, not a geolocation database.
const FIRST_OCTETS: Record<string, readonly number[]> = {
  US: [24, 50, 66, 68, 71, 73, 75, 98, 107, 174],
  GB: [31, 81, 82, 86, 90, 109],
  DE: [79, 84, 87, 91, 93, 217],
  FR: [78, 82, 86, 90, 176],
  IN: [49, 103, 106, 117, 157],
  BR: [177, 179, 186, 187, 189, 201],
  CA: [24, 70, 99, 142, 174],
  AU: [1, 49, 101, 110, 120],
  NL: [77, 84, 85, 145],
  ES: [79, 83, 88, 95],
  JP: [60, 110, 126, 153, 220],
};
const FALLBACK_OCTETS = [2, 5, 31, 37, 46, 62, 77, 80, 94, 185, 188, 212];

export function pickPlace(random: Random): Place {
  return random.weighted(PLACE_TABLE);
}

/** A public IPv4 address: the chosen first octets are all outside private and reserved ranges. */
export function pickIp(random: Random, countryCode: string): string {
  const first = random.pick(FIRST_OCTETS[countryCode] ?? FALLBACK_OCTETS);
  return `${first}.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`;
}
