import { describe, expect, it } from 'vitest';
import {
  generatedDistrictCount,
  generatedDistricts,
  generatedOrganizations,
  schoolsPerDistrict,
} from './demo-organizations.ts';

describe('generated demo organizations', () => {
  it('are unique per district, spread over distinct districts, and never reuse the demo names', () => {
    const districts = generatedDistricts();
    const organizations = generatedOrganizations();
    expect(new Set(districts.map((d) => d.name)).size).toBe(generatedDistrictCount);
    expect(organizations).toHaveLength(generatedDistrictCount * schoolsPerDistrict);
    expect(new Set(organizations.map((o) => `${o.district}|${o.name}`)).size).toBe(organizations.length);
    expect(districts.map((d) => d.name)).not.toContain('Riverside Unified School District');
    expect(organizations.filter((o) => /Lincoln|Washington/.test(o.name))).toEqual([]);
    for (const o of organizations) {
      expect(o.zip).toMatch(/^\d{5}$/);
      expect(o.phone).toMatch(/^\d{10}$/);
    }
  });
});
