import { Card } from '@pos/shared';

/**
 * A tile's place while its remote loads: the card it will be, its title and the kit's skeleton
 * lines where its figures will come. The server's first paint shows it too.
 */
export function TileSkeleton({ title }: { title: string }) {
  return (
    <Card title={title} className="shell-tile-skeleton" aria-busy="true">
      <span role="status" className="pos-visually-hidden">{`Loading ${title}…`}</span>
      <span className="pos-skeleton pos-skeleton--figure" aria-hidden="true" />
      <span className="pos-skeleton" aria-hidden="true" />
      <span className="pos-skeleton pos-skeleton--short" aria-hidden="true" />
    </Card>
  );
}
