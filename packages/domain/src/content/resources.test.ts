import { describe, expect, it } from 'vitest';
import {
  combineAccess,
  detectResourceFileType,
  formatFileSize,
  linkOrFileProblems,
  noAccess,
  resourceDownloadName,
  resourceFields,
  resourceMessages,
  resourcePaths,
  resourceQuery,
  resourceScope,
  resourceVisible,
  type ResourceAccess,
  type ResourceScope,
} from './resources.ts';

const s1 = '11111111-1111-4111-8111-111111111111';
const s2 = '22222222-2222-4222-8222-222222222222';
const s3 = '33333333-3333-4333-8333-333333333333';

describe('resourceScope: who sees which resources', () => {
  const whole: ResourceAccess = { wholeEvent: true, sectionIds: [] };
  const sectionOne: ResourceAccess = { wholeEvent: false, sectionIds: [s1] };
  const sectionsOneTwo: ResourceAccess = { wholeEvent: false, sectionIds: [s1, s2, s1] };
  const cases: [string, ResourceAccess | 'staff', string | null, ResourceScope | null][] = [
    ['staff see everything', 'staff', null, { kind: 'all' }],
    ['staff narrowed to a section', 'staff', s3, { kind: 'sections', sectionIds: [s3] }],
    ['a non-attendee sees nothing', noAccess, null, null],
    ['a non-attendee asking for a section sees nothing', noAccess, s1, null],
    ['a whole-event attendee sees everything', whole, null, { kind: 'all' }],
    ['a whole-event attendee may narrow to any section', whole, s3, { kind: 'sections', sectionIds: [s3] }],
    ['a section attendee sees their section', sectionOne, null, { kind: 'sections', sectionIds: [s1] }],
    ['a section attendee narrowed to their section', sectionOne, s1, { kind: 'sections', sectionIds: [s1] }],
    ['a section attendee refused another section', sectionOne, s2, null],
    ['two sections, each once', sectionsOneTwo, null, { kind: 'sections', sectionIds: [s1, s2] }],
  ];
  it.each(cases)('%s', (_, access, filter, expected) => {
    expect(resourceScope(access, filter)).toEqual(expected);
  });
});

describe('resourceVisible', () => {
  const cases: [string, string[], ResourceScope, boolean][] = [
    ['an event-wide resource, to a section attendee', [], { kind: 'sections', sectionIds: [s1] }, true],
    ['a resource of their section', [s1], { kind: 'sections', sectionIds: [s1] }, true],
    ['a resource of one of its sections', [s2, s1], { kind: 'sections', sectionIds: [s1] }, true],
    ['a resource of another section', [s2], { kind: 'sections', sectionIds: [s1] }, false],
    ['a section resource, to the whole event', [s2], { kind: 'all' }, true],
  ];
  it.each(cases)('%s', (_, targets, scope, expected) => {
    expect(resourceVisible(targets, scope)).toBe(expected);
  });

  it('combines a ticket and an application', () => {
    expect(combineAccess({ wholeEvent: false, sectionIds: [s1] }, { wholeEvent: false, sectionIds: [s1, s2] })).toEqual(
      { wholeEvent: false, sectionIds: [s1, s2] },
    );
    expect(combineAccess(noAccess, { wholeEvent: true, sectionIds: [] }).wholeEvent).toBe(true);
  });
});

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === 'string' ? Array.from(new TextEncoder().encode(part)) : part)),
  );
const zip = (folder: string) => bytes([0x50, 0x4b, 0x03, 0x04], '....[Content_Types].xml....', `${folder}document.xml`);

describe('detectResourceFileType: by content', () => {
  const cases: [string, Uint8Array, string, string | null][] = [
    ['a PDF', bytes('%PDF-1.7\n...'), 'slides.pdf', 'pdf'],
    ['a PDF under another name', bytes('%PDF-1.4'), 'notes.txt', 'pdf'],
    ['a PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]), 'chart.png', 'png'],
    ['a JPEG', bytes([0xff, 0xd8, 0xff, 0xe0]), 'photo.jpeg', 'jpg'],
    ['a Word document', zip('word/'), 'handout.docx', 'docx'],
    ['a PowerPoint deck', zip('ppt/'), 'deck.PPTX', 'pptx'],
    ['an Excel workbook', zip('xl/'), 'data.xlsx', 'xlsx'],
    ['a zip named .docx without word/', zip('ppt/'), 'handout.docx', null],
    ['a plain zip', zip('word/'), 'archive.zip', null],
    ['an HTML page named .pdf', bytes('<html><script>'), 'evil.pdf', null],
    ['an empty file', new Uint8Array(), 'empty.pdf', null],
  ];
  it.each(cases)('%s', (_, content, name, expected) => {
    expect(detectResourceFileType(content, name)).toBe(expected);
  });
});

describe('resourceDownloadName', () => {
  it.each([
    ['Week 1 slides.pdf', 'pdf', 'Week 1 slides.pdf'],
    ['../../etc/passwd', 'pdf', 'etc_passwd.pdf'],
    ['"quoted"\r\nname.docx', 'docx', 'quoted_name.docx'],
    ['', 'jpg', 'resource.jpg'],
  ] as const)('%s → %s', (name, type, expected) => {
    expect(resourceDownloadName(name, type)).toBe(expected);
  });
});

describe('resourceFields', () => {
  it('reads the multipart fields', () => {
    expect(
      resourceFields.parse({ title: ' Slides ', url: 'https://example.org/a', sectionIds: `${s1}, ${s2},${s1}` }),
    ).toEqual({
      title: 'Slides',
      description: '',
      url: 'https://example.org/a',
      sectionIds: [s1, s2],
    });
    expect(resourceFields.parse({ title: 'File' })).toEqual({
      title: 'File',
      description: '',
      url: '',
      sectionIds: [],
    });
  });

  it.each([
    [{ title: '  ' }, 'title', resourceMessages.titleRequired],
    [{ title: 'x'.repeat(201) }, 'title', 'At most 200 characters'],
    [{ title: 'A', url: 'javascript:alert(1)' }, 'url', resourceMessages.urlInvalid],
    [{ title: 'A', url: 'ftp://example.org' }, 'url', resourceMessages.urlInvalid],
    [{ title: 'A', url: 'example.org' }, 'url', resourceMessages.urlInvalid],
    [{ title: 'A', sectionIds: 'not-a-uuid' }, 'sectionIds', resourceMessages.sectionsOfEvent],
  ])('refuses %j', (input, field, message) => {
    const result = resourceFields.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((issue) => issue.path[0] === field)?.message).toBe(message);
  });

  it('takes title lengths up to the limit', () => {
    expect(resourceFields.safeParse({ title: 'x'.repeat(200) }).success).toBe(true);
  });
});

describe('linkOrFileProblems', () => {
  it.each([
    ['a link', 'https://example.org', false, false, {}],
    ['a new file', '', true, false, {}],
    ['a kept file', '', false, true, {}],
    ['a link replacing a kept file', 'https://example.org', false, true, {}],
    ['neither', ' ', false, false, { url: resourceMessages.linkOrFile, file: resourceMessages.linkOrFile }],
    ['both', 'https://example.org', true, false, { url: resourceMessages.notBoth }],
  ] as const)('%s', (_, url, newFile, keptFile, expected) => {
    expect(linkOrFileProblems(url, newFile, keptFile)).toEqual(expected);
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1024 * 1024 - 1, '1024 KB'],
    [1024 * 1024, '1.0 MB'],
    [10 * 1024 * 1024, '10.0 MB'],
  ])('%i bytes → %s', (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });
});

describe('resource query and paths', () => {
  it('pages by 20 unless asked', () => {
    expect(resourceQuery.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(resourceQuery.safeParse({ eaId: 'nope' }).success).toBe(false);
  });

  it('builds the member page path with its optional query', () => {
    expect(resourcePaths.member('e1')).toBe('/members/events/e1/resources');
    expect(resourcePaths.member('e1', { eaId: 'a1' })).toBe('/members/events/e1/resources?eaId=a1');
    expect(resourcePaths.member('e1', { eventSectionId: 's1', eaId: null })).toBe(
      '/members/events/e1/resources?eventSectionId=s1',
    );
  });
});
