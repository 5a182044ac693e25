import type { Lookups } from '../lib/lookups.ts';

/** A small GET /api/lookups: enough option lists for the forms under test. */
export function someLookups(): Lookups {
  return {
    grades: ['Pre-K', 'K', '1', '2', '3', '4'].map((name, index) => ({
      id: `00000000-0000-4000-8000-00000000010${index}`,
      name,
    })),
    positions: [
      { id: '00000000-0000-4000-8000-000000000201', name: 'TEACHER', label: 'Teacher' },
      { id: '00000000-0000-4000-8000-000000000202', name: 'PRINCIPAL', label: 'Principal' },
    ],
    usStates: [
      { code: 'CA', name: 'California' },
      { code: 'NY', name: 'New York' },
    ],
    countries: ['United States', 'Canada', 'Mexico'].map((name, index) => ({ id: `country-${index}`, name })),
    schoolYears: [],
    organizationTypes: [{ id: '00000000-0000-4000-8000-000000000301', name: 'School' }],
  };
}
