import { render } from '@testing-library/react';
import { Ring } from './Ring';

function circles(container: HTMLElement) {
  const svg = container.querySelector('svg')!;
  const [track, arc] = Array.from(svg.querySelectorAll('circle'));
  return { svg, track: track!, arc: arc! };
}

describe('Ring', () => {
  it('draws the regular ring with the arc of the tasks left, from twelve o’clock', () => {
    const { container } = render(
      <Ring size="regular" leftToComplete={3} totalAll={6} arcClassName="arc" />,
    );
    const { svg, track, arc } = circles(container);
    expect(svg).toHaveAttribute('viewBox', '0 0 88 88');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('data-radius', '40');
    expect(track).toHaveAttribute('r', '40');
    expect(track).not.toHaveAttribute('class');
    expect(arc).toHaveClass('arc');
    expect(arc).toHaveAttribute('stroke-dasharray', '125.66 251.33');
    expect(arc).toHaveAttribute('transform', 'rotate(-90 44 44)');
    expect(arc).not.toHaveAttribute('stroke-linecap');
  });

  it('rounds the arc’s ends only while there is an arc, and passes the svg its attributes', () => {
    const { container, rerender } = render(
      <Ring
        size="small"
        leftToComplete={1}
        totalAll={2}
        roundCap
        arcTestId="the-arc"
        data-testid="the-ring"
      />,
    );
    expect(circles(container).svg).toHaveAttribute('data-testid', 'the-ring');
    expect(circles(container).svg).toHaveAttribute('data-stroke', '6');
    expect(circles(container).arc).toHaveAttribute('data-testid', 'the-arc');
    expect(circles(container).arc).toHaveAttribute('stroke-linecap', 'round');
    rerender(<Ring size="small" leftToComplete={0} totalAll={2} roundCap />);
    expect(circles(container).arc).toHaveAttribute('stroke-linecap', 'butt');
  });
});
