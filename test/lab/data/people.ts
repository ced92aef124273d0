/** Invented people and addresses. Postcodes follow each country's shape; none is meant to be real. */
import type { Rng } from '../util/prng.js';

export type Country = 'GB' | 'IE' | 'DE' | 'FR' | 'US';

const FIRST = [
  'Amelia',
  'Oliver',
  'Priya',
  'Tomasz',
  'Chloe',
  'Daniel',
  'Fatima',
  'Liam',
  'Sofia',
  'Marcus',
  'Aoife',
  'Jonas',
  'Camille',
  'Ethan',
  'Grace',
  'Mateo',
  'Hannah',
  'Kwame',
  'Isla',
  'Lukas',
  'Noor',
  'Rosa',
  'Samuel',
  'Yuki',
];
const LAST = [
  'Whitfield',
  'Okafor',
  'Brennan',
  'Kowalski',
  'Marchetti',
  'Hughes',
  'Schneider',
  'Dubois',
  'Patel',
  'Lindqvist',
  'Moreno',
  'Fitzgerald',
  'Thornton',
  'Nakamura',
  'Adeyemi',
  'Richter',
  'Lefebvre',
  'Caldwell',
  'Osei',
  'Harrington',
];

const STREETS: Record<Country, string[]> = {
  GB: ['Elm Grove', 'Station Road', 'Kingsway', 'Millbank Close', 'Orchard Lane', 'Victoria Terrace', 'Church Street'],
  IE: ['Seaview Park', 'Main Street', 'Ashfield Avenue', 'Castle Road', 'Willow Court'],
  DE: ['Lindenstraße', 'Bahnhofstraße', 'Am Stadtpark', 'Rosenweg', 'Schillerstraße'],
  FR: ['rue des Lilas', 'avenue Victor Hugo', 'rue du Moulin', 'boulevard Voltaire', 'impasse des Tilleuls'],
  US: ['Maple Avenue', 'Oak Street', 'Lakeview Drive', 'Cedar Lane', 'Highland Boulevard', 'Sunset Road'],
};

const CITIES: Record<Country, Array<[string, (r: Rng) => string]>> = {
  GB: [
    ['Leeds', (r) => `LS${r.int(1, 28)} ${r.int(1, 9)}${r.pick(['AB', 'DF', 'HT', 'QW', 'NP'])}`],
    ['Bristol', (r) => `BS${r.int(1, 16)} ${r.int(1, 9)}${r.pick(['JR', 'LE', 'TX', 'WA'])}`],
    ['Norwich', (r) => `NR${r.int(1, 14)} ${r.int(1, 9)}${r.pick(['EQ', 'HB', 'RS'])}`],
    ['York', (r) => `YO${r.int(10, 32)} ${r.int(1, 9)}${r.pick(['PL', 'DN', 'GZ'])}`],
  ],
  IE: [
    ['Dublin 6', (r) => `D06 ${r.pick(['X', 'K', 'F'])}${r.digits(3)}`],
    ['Cork', (r) => `T12 ${r.pick(['R', 'H', 'W'])}${r.digits(3)}`],
    ['Galway', (r) => `H91 ${r.pick(['E', 'P', 'Y'])}${r.digits(3)}`],
  ],
  DE: [
    ['Köln', (r) => `50${r.digits(3)}`],
    ['Leipzig', (r) => `04${r.digits(3)}`],
    ['Hamburg', (r) => `22${r.digits(3)}`],
  ],
  FR: [
    ['Lyon', (r) => `6900${r.int(1, 9)}`],
    ['Nantes', (r) => `440${r.digits(2)}`],
    ['Bordeaux', (r) => `330${r.digits(2)}`],
  ],
  US: [
    ['Portland, OR', (r) => `972${r.digits(2)}`],
    ['Austin, TX', (r) => `787${r.digits(2)}`],
    ['Columbus, OH', (r) => `432${r.digits(2)}`],
    ['Raleigh, NC', (r) => `276${r.digits(2)}`],
  ],
};

export interface Person {
  name: string;
  /** Printed lines, street first. */
  addressLines: string[];
}

export function personName(rng: Rng): string {
  return `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
}

export function address(rng: Rng, country: Country): string[] {
  const street = rng.pick(STREETS[country]);
  const num = rng.int(1, 240);
  const [city, postcode] = rng.pick(CITIES[country]);
  const code = postcode(rng);
  switch (country) {
    case 'GB':
    case 'IE':
      return [`${num} ${street}`, city, code];
    case 'DE':
      return [`${street} ${num}`, `${code} ${city}`];
    case 'FR':
      return [`${num} ${street}`, `${code} ${city}`];
    case 'US':
      return [`${num} ${street}`, `${city} ${code}`];
  }
}

export function person(rng: Rng, country: Country): Person {
  return { name: personName(rng), addressLines: address(rng, country) };
}

/** The single-line address the engine is expected to extract. */
export function addressLine(lines: readonly string[]): string {
  return lines.join(', ');
}
