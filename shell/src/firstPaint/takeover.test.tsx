import { render } from '@testing-library/react';
import { FIRST_PAINT_ID } from './element';
import { dropFirstPaint, useDropFirstPaint } from './takeover';

function addFirstPaint(): HTMLElement {
  const element = document.createElement('div');
  element.id = FIRST_PAINT_ID;
  document.body.prepend(element);
  return element;
}

function Dropper({ ready }: { ready: boolean }) {
  useDropFirstPaint(ready);
  return null;
}

afterEach(() => document.getElementById(FIRST_PAINT_ID)?.remove());

describe('taking over from the first paint', () => {
  it('removes it, and is harmless on a page without one', () => {
    const element = addFirstPaint();
    dropFirstPaint();
    expect(element.isConnected).toBe(false);
    expect(() => dropFirstPaint()).not.toThrow();
  });

  it('keeps it until the live page is ready, then removes it in that commit', () => {
    const element = addFirstPaint();
    const { rerender } = render(<Dropper ready={false} />);
    expect(element.isConnected).toBe(true);
    rerender(<Dropper ready />);
    expect(element.isConnected).toBe(false);
  });
});
