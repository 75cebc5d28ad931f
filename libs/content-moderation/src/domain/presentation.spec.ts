import { effectiveCover, numbering, orderProblem, presentationRefusal } from './presentation.js';

describe('presentationRefusal', () => {
  it('lets order, cover and teaser change in every state but removed, and holds the order during review', () => {
    for (const status of ['draft', 'rejected', 'approved'] as const) {
      for (const change of ['order', 'cover', 'teaser'] as const)
        expect(presentationRefusal(status, change)).toBeNull();
    }
    expect(presentationRefusal('pending_review', 'order')).toMatch(/in review/);
    expect(presentationRefusal('pending_review', 'cover')).toBeNull();
    expect(presentationRefusal('pending_review', 'teaser')).toBeNull();
    for (const change of ['order', 'cover', 'teaser'] as const)
      expect(presentationRefusal('removed', change)).toMatch(/Removed/);
  });
});

describe('orderProblem', () => {
  const current = ['a', 'b', 'c'];

  it('accepts any permutation of the files', () => {
    expect(orderProblem(current, ['c', 'a', 'b'])).toBeNull();
    expect(orderProblem(current, ['a', 'b', 'c'])).toBeNull();
    expect(orderProblem([], [])).toBeNull();
  });

  it('refuses unknown, repeated and missing files', () => {
    expect(orderProblem(current, ['a', 'b', 'c', 'x'])).toMatch(/x is not a file/);
    expect(orderProblem(current, ['a', 'b', 'b', 'c'])).toMatch(/b is listed more than once/);
    expect(orderProblem(current, ['c', 'a'])).toMatch(/missing b/);
    expect(orderProblem(current, [])).toMatch(/missing a, b, c/);
  });
});

describe('effectiveCover and numbering', () => {
  const files = [
    { id: 'f', status: 'failed', mediaType: 'image' },
    { id: 'a', status: 'ready', mediaType: 'image' },
    { id: 'p', status: 'uploaded', mediaType: 'image' },
    { id: 'b', status: 'ready', mediaType: 'image' },
  ];

  it('uses the chosen photo while it is ready, else the first ready photo', () => {
    expect(effectiveCover('b', files)?.id).toBe('b');
    expect(effectiveCover(null, files)?.id).toBe('a');
    expect(effectiveCover('f', files)?.id).toBe('a');
    expect(effectiveCover('gone', files)?.id).toBe('a');
    expect(effectiveCover(null, [{ id: 'v', status: 'ready', mediaType: 'video' }])).toBeNull();
  });

  it('numbers the processed files only, in order', () => {
    expect(numbering(files)).toEqual([null, 1, null, 2]);
  });
});
