import { sql } from 'drizzle-orm';
import { usStates } from '@portal/domain/lookups.ts';
import type { Executor } from '../client.ts';

/**
 * Thousands of made-up schools in made-up districts, so the organization and district searches
 * behave on demo data as they will on a real provider's. Names are deterministic: the same list
 * on every machine and every start.
 */

const prefixes = [
  'Oak',
  'Maple',
  'Cedar',
  'Pine',
  'Willow',
  'Birch',
  'Elm',
  'Aspen',
  'Spring',
  'River',
  'Lake',
  'Hill',
  'Stone',
  'Brook',
  'Fair',
  'Green',
  'North',
  'South',
  'East',
  'West',
  'Clear',
  'Silver',
  'Golden',
  'Red',
  'Blue',
  'Fox',
  'Deer',
  'Eagle',
  'Hawk',
  'Bear',
  'Wolf',
  'Sun',
  'Rose',
  'Ash',
  'Mill',
  'Glen',
  'High',
  'Ever',
  'Summer',
  'Winter',
];
const suffixes = [
  'wood',
  'field',
  'ville',
  'ton',
  'brook',
  'dale',
  'view',
  'crest',
  'ridge',
  'port',
  'ford',
  'haven',
  'land',
  'mont',
  'side',
  'wick',
  'bury',
  'stead',
  'vale',
  'gate',
  'water',
  'moor',
  'grove',
  'shire',
  'bridge',
];
// Not Lincoln or Washington: the demo schools keep names of their own in searches.
const people = [
  'Jefferson',
  'Roosevelt',
  'Kennedy',
  'King',
  'Franklin',
  'Adams',
  'Madison',
  'Monroe',
  'Jackson',
  'Grant',
  'Hamilton',
  'Edison',
  'Carver',
  'Douglass',
  'Tubman',
  'Whitman',
  'Twain',
  'Frost',
  'Emerson',
  'Thoreau',
  'Dickinson',
  'Parks',
  'Chavez',
  'Marshall',
  'Hughes',
  'Earhart',
  'Keller',
  'Anthony',
  'Truman',
  'Wilson',
  'Hoover',
  'Garfield',
  'McKinley',
  'Cleveland',
  'Harrison',
  'Taft',
  'Coolidge',
  'Pierce',
  'Polk',
  'Tyler',
];
const streets = [
  'Main',
  'Church',
  'School',
  'Park',
  'Academy',
  'College',
  'Union',
  'Market',
  'Liberty',
  'Prospect',
  'Center',
  'Maple',
];
const streetKinds = ['Street', 'Avenue', 'Road', 'Lane', 'Drive', 'Boulevard'];
export const districtKinds = [
  'School District',
  'Unified School District',
  'Public Schools',
  'Central School District',
];

// "Riverside" is the demo district's place.
export const places = prefixes
  .flatMap((prefix) => suffixes.map((suffix) => prefix + suffix))
  .filter((place) => place !== 'Riverside');
export const schoolNames = [...people, ...places];

export const generatedDistrictCount = 200;
export const schoolsPerDistrict = 25;

function levelOf(j: number): string {
  if (j < 12) return 'Elementary School';
  if (j < 19) return 'Middle School';
  if (j < 24) return 'High School';
  return 'Academy';
}

export interface GeneratedOrganization {
  name: string;
  district: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
}

export function generatedDistricts(): { name: string; place: string; state: string }[] {
  // Strides coprime with the list lengths visit distinct entries.
  return Array.from({ length: generatedDistrictCount }, (_, i) => {
    const place = places[(i * 41) % places.length] ?? 'Springfield';
    const state = usStates[(i * 7) % usStates.length]?.[0] ?? 'NY';
    return { name: `${place} ${districtKinds[i % districtKinds.length]}`, place, state };
  });
}

export function generatedOrganizations(): GeneratedOrganization[] {
  return generatedDistricts().flatMap((district, i) =>
    Array.from({ length: schoolsPerDistrict }, (_, j) => {
      // 41 is coprime with the name list's length, so a district never repeats a name.
      const namePart = schoolNames[(i * 7 + j * 41) % schoolNames.length] ?? 'Central';
      const n = i * schoolsPerDistrict + j;
      return {
        name: `${namePart} ${levelOf(j)}`,
        district: district.name,
        address: `${100 + ((n * 17) % 9800)} ${streets[n % streets.length]} ${streetKinds[(n >> 2) % streetKinds.length]}`,
        city: district.place,
        state: district.state,
        zip: String(10000 + ((n * 397) % 89999)).padStart(5, '0'),
        phone: `${201 + (i % 700)}555${String(1000 + ((n * 7919) % 9000))}`,
      };
    }),
  );
}

/** Inserts what is missing in two set-based statements; a start after the first costs one lookup. */
export async function seedGeneratedOrganizations(db: Executor): Promise<void> {
  const organizations = generatedOrganizations();
  const last = organizations.at(-1);
  if (!last) return;
  const present = await db.execute(sql`
    select 1 from organizations o join districts d on d.id = o.district_id
    where d.name = ${last.district} and o.name = ${last.name}`);
  if ((present as { rows: unknown[] }).rows.length > 0) return;

  const districtNames = JSON.stringify(generatedDistricts().map((d) => d.name));
  await db.execute(sql`
    insert into districts (name)
    select name from jsonb_array_elements_text(${districtNames}::jsonb) as name
    on conflict do nothing`);
  await db.execute(sql`
    insert into organizations (name, district_id, organization_type_id, mailing_address_line1, mailing_city,
      mailing_state_province, mailing_country, mailing_zip_postal, mailing_phone)
    select r.name, d.id, (select id from organization_types where name = 'School'), r.address, r.city, r.state,
      'United States', r.zip, r.phone
    from jsonb_to_recordset(${JSON.stringify(organizations)}::jsonb)
      as r(name text, district text, address text, city text, state text, zip text, phone text)
    join districts d on d.name = r.district
    on conflict do nothing`);
}
