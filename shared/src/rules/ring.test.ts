import { RING_SIZES, leftShare, ringGeometry } from './ring';

const circumference = (radius: number) => Math.round(2 * Math.PI * radius * 100) / 100;

describe('the progress ring', () => {
  it('is radius 40 and stroke 8, and 30 and 6 on small screens (spec 2.11)', () => {
    expect(RING_SIZES).toEqual({
      regular: { radius: 40, stroke: 8 },
      small: { radius: 30, stroke: 6 },
    });
    const regular = ringGeometry('regular', 9, 9);
    expect(regular).toMatchObject({ radius: 40, stroke: 8, box: 88, center: 44 });
    expect(regular.circumference).toBe(251.33);
    const small = ringGeometry('small', 9, 9);
    expect(small).toMatchObject({ radius: 30, stroke: 6, box: 66, center: 33 });
    expect(small.circumference).toBe(188.5);
  });

  it('draws leftToComplete of totalAll of the circle: all of it while nothing is done', () => {
    expect(ringGeometry('regular', 9, 9).dashArray).toBe('251.33 251.33');
    expect(ringGeometry('small', 9, 9).dashArray).toBe('188.5 188.5');
  });

  it('shortens the arc as tasks complete, at both sizes', () => {
    for (const [size, radius] of [
      ['regular', 40],
      ['small', 30],
    ] as const) {
      const full = circumference(radius);
      for (const [left, total] of [
        [7, 9],
        [3, 9],
        [1, 9],
        [1, 2],
      ]) {
        const ring = ringGeometry(size, left!, total!);
        expect(ring.arc).toBeCloseTo((2 * Math.PI * radius * left!) / total!, 1);
        expect(ring.dashArray).toBe(`${ring.arc} ${full}`);
      }
    }
    expect(ringGeometry('regular', 7, 9).arc).toBe(195.48);
    expect(ringGeometry('small', 3, 9).arc).toBe(62.83);
  });

  it('draws no arc once every task is done, or when there are no tasks', () => {
    expect(ringGeometry('regular', 0, 9)).toMatchObject({ arc: 0, dashArray: '0 251.33' });
    expect(ringGeometry('small', 0, 0)).toMatchObject({ arc: 0, dashArray: '0 188.5' });
  });

  it('keeps the share between none and all, whatever the counts say', () => {
    expect(leftShare(12, 9)).toBe(1);
    expect(leftShare(-1, 9)).toBe(0);
    expect(leftShare(3, -2)).toBe(0);
    expect(leftShare(Number.NaN, 9)).toBe(0);
    expect(ringGeometry('regular', 12, 9).arc).toBe(251.33);
  });
});
