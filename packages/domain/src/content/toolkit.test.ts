import { describe, expect, it } from 'vitest';
import {
  audienceAllows,
  groupingDepth,
  groupingParentProblem,
  isPdf,
  nestGroupings,
  placementProblem,
  toolkitDocumentFields,
  toolkitDownloadName,
  toolkitMessages,
  visibleGroupingIds,
  type ToolkitAudience,
  type ToolkitFlags,
  type ToolkitGrouping,
} from './toolkit.ts';

const none: ToolkitFlags = {
  toolKitAccess: false,
  schoolLeaderAccess: false,
  testPrep: false,
  grade3Pilot: false,
  grade4Pilot: false,
  grade5Pilot: false,
};
const toolkit: ToolkitFlags = { ...none, toolKitAccess: true };
const c1 = '11111111-1111-4111-8111-111111111111';
const g1 = '22222222-2222-4222-8222-222222222222';

describe('audienceAllows: who sees an item aimed at some flags', () => {
  const cases: [string, ToolkitAudience[], ToolkitFlags, boolean][] = [
    ['aimed at nobody: every toolkit member', [], toolkit, true],
    ['aimed at nobody, no toolkit access', [], none, false],
    ['a flag without toolkit access is not enough', ['schoolLeader'], { ...none, schoolLeaderAccess: true }, false],
    ['school leaders: schoolLeaderAccess', ['schoolLeader'], { ...toolkit, schoolLeaderAccess: true }, true],
    ['school leaders: a plain member', ['schoolLeader'], toolkit, false],
    ['test prep', ['testPrep'], { ...toolkit, testPrep: true }, true],
    ['grade 3 pilot', ['grade3Pilot'], { ...toolkit, grade3Pilot: true }, true],
    ['grade 4 pilot', ['grade4Pilot'], { ...toolkit, grade4Pilot: true }, true],
    ['grade 5 pilot', ['grade5Pilot'], { ...toolkit, grade5Pilot: true }, true],
    ['grade 5 item, grade 4 pilot', ['grade5Pilot'], { ...toolkit, grade4Pilot: true }, false],
    ['any one of several flags opens it', ['grade3Pilot', 'testPrep'], { ...toolkit, testPrep: true }, true],
  ];
  it.each(cases)('%s', (_, audience, flags, expected) => {
    expect(audienceAllows(audience, flags)).toBe(expected);
  });
});

describe('visibleGroupingIds: a hidden grouping hides what it holds', () => {
  const tree = [
    { id: 'literacy', parentId: null, audience: [] },
    { id: 'grade3', parentId: 'literacy', audience: ['grade3Pilot'] as ToolkitAudience[] },
    { id: 'units', parentId: 'grade3', audience: [] },
    { id: 'leaders', parentId: null, audience: ['schoolLeader'] as ToolkitAudience[] },
    { id: 'orphan', parentId: 'gone', audience: [] },
    { id: 'loopA', parentId: 'loopB', audience: [] },
    { id: 'loopB', parentId: 'loopA', audience: [] },
  ];
  const cases: [string, ToolkitFlags, string[]][] = [
    ['no toolkit access: nothing', none, []],
    ['a plain member: the open top only', toolkit, ['literacy']],
    ['a grade 3 pilot: the branch and its child', { ...toolkit, grade3Pilot: true }, ['literacy', 'grade3', 'units']],
    ['a school leader', { ...toolkit, schoolLeaderAccess: true }, ['literacy', 'leaders']],
  ];
  it.each(cases)('%s', (_, flags, expected) => {
    expect([...visibleGroupingIds(tree, flags)]).toEqual(expected);
  });
});

describe('nesting', () => {
  const flat: ToolkitGrouping[] = [
    { id: 'a', parentId: null, title: 'Literacy', documents: [] },
    { id: 'b', parentId: 'a', title: 'Grade 3', documents: [] },
    { id: 'c', parentId: 'b', title: 'Units', documents: [] },
    { id: 'd', parentId: null, title: 'Math', documents: [] },
    { id: 'e', parentId: 'a', title: 'Grade 5', documents: [] },
    { id: 'f', parentId: 'hidden', title: 'Under a hidden grouping', documents: [] },
  ];

  it('nestGroupings builds childGroups in the given order, dropping a grouping whose parent is not shown', () => {
    const tree = nestGroupings(flat);
    expect(tree.map((g) => g.title)).toEqual(['Literacy', 'Math']);
    expect(tree[0]?.childGroups.map((g) => g.title)).toEqual(['Grade 3', 'Grade 5']);
    expect(tree[0]?.childGroups[0]?.childGroups.map((g) => g.title)).toEqual(['Units']);
    expect(nestGroupings([])).toEqual([]);
  });

  const parents = flat.map(({ id, parentId }) => ({ id, parentId }));
  it.each([
    ['a top grouping', 'a', 1],
    ['its child', 'b', 2],
    ['its grandchild', 'c', 3],
    ['a broken chain', 'f', Number.POSITIVE_INFINITY],
  ])('groupingDepth: %s', (_, id, depth) => {
    expect(groupingDepth(parents, id)).toBe(depth);
  });

  const chain = [
    { id: '1', parentId: null },
    { id: '2', parentId: '1' },
    { id: '3', parentId: '2' },
    { id: '4', parentId: '3' },
    { id: 'x', parentId: null },
    { id: 'y', parentId: 'x' },
  ];
  it.each([
    ['a new grouping at the top', null, null, null],
    ['a new grouping at level 4', null, '3', null],
    ['a new grouping at level 5', null, '4', toolkitMessages.tooDeep],
    ['into itself', '2', '2', toolkitMessages.parentCycle],
    ['under its own descendant', '1', '3', toolkitMessages.parentCycle],
    ['a two-level branch under level 2 (4 deep)', 'x', '2', null],
    ['a two-level branch under level 3 (5 deep)', 'x', '3', toolkitMessages.tooDeep],
    ['back to the top', '3', null, null],
  ] as const)('groupingParentProblem: %s', (_, id, parentId, expected) => {
    expect(groupingParentProblem(chain, id, parentId)).toBe(expected);
  });
});

describe('documents', () => {
  it.each([
    ['a category', { categoryId: c1, groupingId: null }, null],
    ['a grouping', { categoryId: null, groupingId: g1 }, null],
    ['neither', { categoryId: null, groupingId: null }, toolkitMessages.placeRequired],
    ['both', { categoryId: c1, groupingId: g1 }, toolkitMessages.placeOne],
  ])('placementProblem: %s', (_, place, expected) => {
    expect(placementProblem(place)).toBe(expected);
  });

  it('reads the multipart fields: empty ids are none, a title is required, ids must be ids', () => {
    expect(toolkitDocumentFields.parse({ title: ' Guide ', categoryId: c1, groupingId: '' })).toEqual({
      title: 'Guide',
      description: '',
      categoryId: c1,
      groupingId: null,
    });
    const bad = toolkitDocumentFields.safeParse({ title: ' ', categoryId: 'nope' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['title', toolkitMessages.titleRequired],
      ['categoryId', 'Not a category id'],
    ]);
  });

  it.each([
    ['%PDF-1.7', true],
    ['%PDF', false],
    ['<html>', false],
    ['', false],
  ])('isPdf(%j) by content', (text, expected) => {
    expect(isPdf(new TextEncoder().encode(text))).toBe(expected);
  });

  it.each([
    ['Morning meeting.pdf', 'Morning meeting.pdf'],
    ['report.PDF', 'report.pdf'],
    ['a"b;\r\nc.pdf', 'a_b_c.pdf'],
    ['...', 'document.pdf'],
    [`${'x'.repeat(150)}.pdf`, `${'x'.repeat(100)}.pdf`],
  ])('toolkitDownloadName(%j)', (name, expected) => {
    expect(toolkitDownloadName(name)).toBe(expected);
  });
});
