import { describe, expect, it } from 'vitest';
import {
  selectedVideoOf,
  slugOf,
  slugParam,
  videoCollectionInput,
  videoCollectionPaths,
  videoInput,
  vimeoEmbedUrl,
} from './video-collections.ts';

describe('slugOf: a collection address from its name', () => {
  const cases: [string, string][] = [
    ['Coaching Cycles in Action', 'coaching-cycles-in-action'],
    ['  Math: Number Talks!  ', 'math-number-talks'],
    ['Écoute active', 'ecoute-active'],
    ['---', ''],
  ];
  it.each(cases)('%j -> %j', (name, slug) => expect(slugOf(name)).toBe(slug));
  it('keeps at most 80 characters and no dash at the end', () => {
    const slug = slugOf(`${'a'.repeat(79)} b`);
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith('-')).toBe(false);
  });
});

describe('selectedVideoOf: the video ?selectedVideo= picks', () => {
  const videos = [{ id: 'v1' }, { id: 'v2' }];
  const cases: [string | null, string | null][] = [
    ['v2', 'v2'],
    [null, 'v1'],
    ['gone', 'v1'],
  ];
  it.each(cases)('%j -> %j', (selected, id) => expect(selectedVideoOf(videos, selected)?.id ?? null).toBe(id));
  it('is null in an empty collection', () => expect(selectedVideoOf([], 'v1')).toBeNull());
});

describe('contracts and paths', () => {
  it('a Vimeo id is its number', () => {
    expect(videoInput.safeParse({ vimeoId: '76979871', title: 'Modeling' }).success).toBe(true);
    expect(videoInput.safeParse({ vimeoId: 'https://vimeo.com/76979871', title: 'Modeling' }).success).toBe(false);
    expect(videoInput.safeParse({ vimeoId: '1', title: ' ' }).success).toBe(false);
  });
  it('a slug is lowercase words joined by dashes', () => {
    expect(videoCollectionInput.safeParse({ name: 'A', slug: 'coaching-cycles' }).success).toBe(true);
    expect(videoCollectionInput.safeParse({ name: 'A', slug: 'Coaching Cycles' }).success).toBe(false);
    expect(slugParam.safeParse('../admin').success).toBe(false);
  });
  it('builds the page, file and embed addresses', () => {
    expect(videoCollectionPaths.page('coaching', 'v 1')).toBe('/members/video-collection/coaching?selectedVideo=v%201');
    expect(videoCollectionPaths.page('coaching')).toBe('/members/video-collection/coaching');
    expect(vimeoEmbedUrl('76979871')).toBe('https://player.vimeo.com/video/76979871');
  });
});
