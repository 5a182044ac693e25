/** Grade order of organizations.md §3 and §9: Pre-K, K, 1 to 12. */
export const gradeNames = ['Pre-K', 'K', ...Array.from({ length: 12 }, (_, i) => String(i + 1))] as const;

export const defaultCountry = 'United States';

export const organizationTypes = ['School', 'District', 'Charter Network', 'Nonprofit', 'Other'] as const;

export const positions = [
  { name: 'TEACHER', label: 'Teacher' },
  { name: 'COACH', label: 'Instructional Coach' },
  { name: 'ASSISTANT_PRINCIPAL', label: 'Assistant Principal' },
  { name: 'PRINCIPAL', label: 'Principal' },
  { name: 'DISTRICT_ADMINISTRATOR', label: 'District Administrator' },
  { name: 'LIBRARIAN', label: 'Librarian' },
  { name: 'OTHER', label: 'Other' },
] as const;

export const usStates = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['PR', 'Puerto Rico'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
] as const;

export const countries = [
  'United States',
  'Canada',
  'Mexico',
  'Puerto Rico',
  'United Kingdom',
  'Ireland',
  'Australia',
  'New Zealand',
  'India',
  'China',
  'Japan',
  'South Korea',
  'Germany',
  'France',
  'Spain',
  'Italy',
  'Netherlands',
  'Brazil',
  'Colombia',
  'Dominican Republic',
  'Other',
] as const;

/** School years run July to June; "2026-2027" starts on 2026-07-01. */
export function schoolYearName(startYear: number): string {
  return `${startYear}-${startYear + 1}`;
}
