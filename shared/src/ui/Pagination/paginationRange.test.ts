import { pageCount, paginationRange } from './paginationRange';

describe('paginationRange', () => {
  it('is empty for one page or none', () => {
    expect(paginationRange(1, 1)).toEqual([]);
    expect(paginationRange(1, 0)).toEqual([]);
  });

  it('lists every page when they all fit', () => {
    expect(paginationRange(4, 11)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('shows three neighbours each side with a gap before and after in the middle', () => {
    expect(paginationRange(10, 20)).toEqual([
      1,
      'start-ellipsis',
      7,
      8,
      9,
      10,
      11,
      12,
      13,
      'end-ellipsis',
      20,
    ]);
  });

  it('keeps the same number of items near either end', () => {
    expect(paginationRange(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 'end-ellipsis', 20]);
    expect(paginationRange(20, 20)).toEqual([
      1,
      'start-ellipsis',
      12,
      13,
      14,
      15,
      16,
      17,
      18,
      19,
      20,
    ]);
  });

  it('shows a page instead of a gap that would hide only that page', () => {
    expect(paginationRange(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 'end-ellipsis', 20]);
  });

  it('honours another neighbour count and clamps an out-of-range page', () => {
    expect(paginationRange(50, 100, 1)).toEqual([
      1,
      'start-ellipsis',
      49,
      50,
      51,
      'end-ellipsis',
      100,
    ]);
    expect(paginationRange(999, 30, 1)).toEqual([1, 'start-ellipsis', 26, 27, 28, 29, 30]);
  });
});

describe('pageCount', () => {
  it('rounds partial pages up', () => {
    expect(pageCount(0, 10)).toBe(0);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
});
