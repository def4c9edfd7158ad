import { type Random, weights } from './random.ts';

export interface Param {
  name: string;
  value: string;
}

/** What an identify call told us about a visitor. */
export interface Identity {
  name: string;
  email: string;
  plan: 'free' | 'pro' | 'enterprise';
  params: Param[];
}

const FIRST_NAMES = (
  'Jane, John, Emma, Liam, Olivia, Noah, Ava, Lucas, Sophia, Mateo, Mia, Arjun, Priya, Hiroshi, ' +
  'Yuki, Lena, Jonas, Chloé, Hugo, Camila, Rafael, Aisha, Omar, Sofia, Elena, Daniel, Grace, ' +
  'Ethan, Chen, Mei, Lars, Ingrid, Diego, Lucía, Thomas, Fatima, Kofi, Anna, Pablo, Nora'
).split(', ');

const LAST_NAMES = (
  'Doe, Smith, Johnson, Brown, Garcia, Miller, Davis, Martinez, Wilson, Taylor, Müller, Schmidt, ' +
  'Schneider, Dubois, Martin, Bernard, Sharma, Patel, Iyer, Silva, Santos, Oliveira, Tanaka, Sato, ' +
  "Suzuki, Nguyen, Kim, Lee, Rossi, Bianchi, Jansen, de Vries, Novak, Kowalski, O'Brien, Murphy, " +
  'Andersson, Fernández, López, Walker'
).split(', ');

const COMPANIES: readonly (readonly [name: string, domain: string])[] = [
  ['Northwind Traders', 'northwind.com'],
  ['Globex', 'globex.io'],
  ['Initech', 'initech.com'],
  ['Umbrella Health', 'umbrellahealth.co'],
  ['Stark Logistics', 'starklogistics.com'],
  ['Blue Harbor Bank', 'blueharbor.bank'],
  ['Lumen Studio', 'lumen.studio'],
  ['Peregrine Labs', 'peregrinelabs.dev'],
  ['Kaffee Haus GmbH', 'kaffeehaus.de'],
  ['Maison Verte', 'maisonverte.fr'],
  ['Sakura Retail', 'sakura-retail.jp'],
  ['Tata Softworks', 'tatasoft.in'],
];

const FREE_MAIL = weights({
  'gmail.com': 45,
  'outlook.com': 14,
  'yahoo.com': 10,
  'icloud.com': 10,
  'hotmail.com': 8,
  'proton.me': 5,
  'gmx.de': 4,
  'orange.fr': 4,
});

const PLANS = weights<Identity['plan']>({ free: 55, pro: 35, enterprise: 10 });
const SIGNUP_SOURCES = weights({
  organic: 35,
  google_ads: 20,
  referral: 15,
  newsletter: 12,
  product_hunt: 8,
  partner: 10,
});

/** E-mail local parts are ASCII: strip accents and anything else a mailbox name would not carry. */
function mailboxWord(word: string): string {
  return word.normalize('NFD').replace(/[^A-Za-z]/g, '');
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function emailAddress(random: Random, first: string, last: string, domain: string): string {
  const f = mailboxWord(first).toLowerCase();
  const l = mailboxWord(last).toLowerCase();
  const style = random.int(0, 9);
  // Some people type their address with capitals (Jane.Doe@Example.com); the API matches e-mail case-insensitively.
  if (style === 0) return `${capitalize(f)}.${capitalize(l)}@${capitalize(domain)}`;
  if (style === 1) return `${capitalize(f)}${capitalize(l)}@${domain}`;
  if (style === 2 && random.chance(0.3)) return `${f}.${l}@${domain}`.toUpperCase();
  if (style <= 5) return `${f}.${l}@${domain}`;
  if (style <= 7) return `${f.charAt(0)}${l}@${domain}`;
  return `${f}${l}${random.int(1, 99)}@${domain}`;
}

export function pickIdentity(random: Random): Identity {
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  const company = random.chance(0.5) ? random.pick(COMPANIES) : null;
  const domain = company && random.chance(0.85) ? company[1] : random.weighted(FREE_MAIL);
  const plan = random.weighted(PLANS);
  const params: Param[] = [{ name: 'plan', value: plan }];
  if (company) params.push({ name: 'company', value: company[0] });
  if (random.chance(0.7)) params.push({ name: 'signup_source', value: random.weighted(SIGNUP_SOURCES) });
  return { name: `${first} ${last}`, email: emailAddress(random, first, last, domain), plan, params };
}
