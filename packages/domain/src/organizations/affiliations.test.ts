import { describe, expect, it } from 'vitest';
import { affiliationInput, affiliationMessages, newOrganization, searchQuery, searchRules } from './affiliations.ts';

const issues = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.success ? {} : Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const id = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('searchQuery (§9: at least 3 characters, 10 a page)', () => {
  it.each([
    [{ search: 'ab' }, { search: 'Type at least 3 characters' }],
    [{ search: '  ab  ' }, { search: 'Type at least 3 characters' }],
    [{ search: 'abc' }, {}],
    [{ search: 'x'.repeat(100) }, {}],
    [{ search: 'abc', take: '0' }, { take: expect.any(String) }],
    [{ search: 'abc', take: '1' }, {}],
    [{ search: 'abc', take: '50' }, {}],
    [{ search: 'abc', take: '51' }, { take: expect.any(String) }],
    [{ search: 'abc', skip: '-1' }, { skip: expect.any(String) }],
  ])('%j → %j', (input, expected) => {
    expect(issues(searchQuery.safeParse(input))).toEqual(expected);
  });

  it('defaults to the first page of ten', () => {
    expect(searchQuery.parse({ search: ' abc ' })).toEqual({ search: 'abc', skip: 0, take: searchRules.pageSize });
    expect(searchRules).toEqual({ minLength: 3, pageSize: 10, debounceMs: 300, countedMatches: 1000 });
  });
});

describe('affiliationInput (events.md §5 Affiliation)', () => {
  it.each([
    [
      { organizationId: '', positionId: id, gradeIds: [id] },
      { organizationId: affiliationMessages.organizationRequired },
    ],
    [{ organizationId: id, positionId: '', gradeIds: [id] }, { positionId: affiliationMessages.positionRequired }],
    [{ organizationId: id, positionId: id, gradeIds: [] }, { gradeIds: affiliationMessages.gradesRequired }],
    [{ organizationId: id, positionId: id, gradeIds: [id] }, {}],
  ])('%j → %j', (input, expected) => {
    expect(issues(affiliationInput.safeParse(input))).toEqual(expected);
  });
});

describe('newOrganization district choice', () => {
  const base = {
    organizationTypeId: id,
    organizationName: 'New School',
    addressLine1: '1 Main St',
    city: 'Town',
    stateProvince: 'NY',
    country: 'United States',
    zipPostal: '10001',
    phone: '5551234567',
    positionId: id,
    gradeIds: [id],
  };
  it.each([
    [{}, { districtId: affiliationMessages.districtRequired }],
    [{ districtName: '   ' }, { districtId: affiliationMessages.districtRequired }],
    [{ districtId: null, districtName: null }, { districtId: affiliationMessages.districtRequired }],
    [{ districtName: 'New District' }, {}],
    [{ districtId: id }, {}],
    [{ isUnaffiliatedToDistrict: true }, {}],
    [{ gradeIds: [], isUnaffiliatedToDistrict: true }, { gradeIds: affiliationMessages.selectionRequired }],
    [{ organizationName: ' ', isUnaffiliatedToDistrict: true }, { organizationName: affiliationMessages.nameRequired }],
  ])('%j → %j', (input, expected) => {
    expect(issues(newOrganization.safeParse({ ...base, ...input }))).toEqual(expected);
  });
});
