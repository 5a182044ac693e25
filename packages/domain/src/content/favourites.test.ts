import { describe, expect, it } from 'vitest';
import { favouriteKey, favouriteTarget, pageOfSaved, type FavouriteTarget, type SavedResource } from './favourites.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const target = (n: number): FavouriteTarget => ({ targetType: n % 2 ? 'video' : 'toolkit_document', targetId: id(n) });
const resource = (t: FavouriteTarget): SavedResource => ({
  id: t.targetId,
  targetType: t.targetType,
  title: `Resource ${t.targetId.slice(-2)}`,
  type: t.targetType === 'video' ? 'video' : 'pdf',
  downloadLink: null,
  openLink: null,
  collection: 'Literacy',
  isFavorited: true,
});

describe('pageOfSaved: My Saved Resources from the favourites the member may still open', () => {
  const saved = [1, 2, 3, 4, 5].map(target);
  // 3 is no longer open to the member (a flag removed): it is neither listed nor counted.
  const visible = new Map(saved.filter((t) => t.targetId !== id(3)).map((t) => [favouriteKey(t), resource(t)]));

  it.each([
    [1, 2, [1, 2]],
    [2, 2, [4, 5]],
    [3, 2, []],
    [1, 100, [1, 2, 4, 5]],
  ])('page %i of size %i', (page, size, expected) => {
    const result = pageOfSaved(saved, visible, page, size);
    expect(result.total).toBe(4);
    expect(result.items.map((i) => i.id)).toEqual(expected.map(id));
  });

  it('tells a video from a document with the same id', () => {
    const same = [
      { targetType: 'video', targetId: id(9) },
      { targetType: 'toolkit_document', targetId: id(9) },
    ] as const;
    const onlyVideo = new Map([[favouriteKey(same[0]), resource(same[0])]]);
    expect(pageOfSaved(same, onlyVideo, 1, 10).items.map((i) => i.targetType)).toEqual(['video']);
  });
});

describe('favouriteTarget', () => {
  it.each([
    [{ targetType: 'toolkit_document', targetId: id(1) }, true],
    [{ targetType: 'organization_resource', targetId: id(1) }, true],
    [{ targetType: 'video', targetId: id(1) }, true],
    [{ targetType: 'poster', targetId: id(1) }, false],
    [{ targetType: 'video', targetId: 'nope' }, false],
    [{ targetType: 'video' }, false],
  ])('%j valid: %s', (input, valid) => {
    expect(favouriteTarget.safeParse(input).success).toBe(valid);
  });
});
