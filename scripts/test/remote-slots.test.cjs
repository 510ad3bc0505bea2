// remotes.json's `slots` (scripts/lib/services.mjs, and the shell's runtime default): each
// remote's navigation items, dashboard tiles and navigation widgets, declared so that the first
// paint and the shell give them their places before the remote loads (issue 30). A declaration
// that differs from the contract would show an item the remote does not have, or let one arrive
// unannounced and move the page: they must be the contract's own (and its sizes, where the
// contract gives them).
// The contracts are read by the same helper a release records its slots with.
const { remoteContracts, slotsOfContract } = require('../lib/contract-slots.cjs');

const remotes = remoteContracts();

describe("the remotes' declared slots", () => {
  it.each(remotes.map((remote) => [remote.name, remote]))(
    '%s declares exactly its contract’s nav items, tiles and widgets',
    (name, { slots, contract }) => {
      expect(slots).not.toBeNull();
      // With the sizes: a contract that gives a tile's rows or a widget's heights declares them
      // as remotes.json does, and a release of the remote records the same slots.
      expect({
        navItems: slots.navItems ?? [],
        tiles: slots.tiles ?? [],
        navWidgets: slots.navWidgets ?? [],
      }).toEqual(slotsOfContract(name, contract, slots));
      expect(slots.navItems ?? []).toEqual(contract.navItems);
      const tiles = (slots.tiles ?? []).map(({ rows, ...tile }) => {
        expect(Number.isInteger(rows) && rows >= 1).toBe(true);
        return tile;
      });
      expect(tiles).toEqual(contract.tiles.map(({ rows: _rows, ...tile }) => tile));
      const widgets = (slots.navWidgets ?? []).map(({ height, collapsedHeight, ...widget }) => {
        expect(height).toBeGreaterThan(0);
        expect(collapsedHeight).toBeGreaterThan(0);
        return widget;
      });
      expect(widgets).toEqual(
        contract.navWidgets.map(
          ({ height: _height, collapsedHeight: _collapsed, ...widget }) => widget,
        ),
      );
    },
  );

  it("are the same in the shell's runtime default remotes.json", () => {
    const defaults = require('../../shell/runtime/remotes.default.json').remotes;
    for (const entry of defaults) {
      const declared = remotes.find((remote) => remote.name === entry.name);
      expect([entry.name, entry.slots]).toEqual([entry.name, declared.slots]);
    }
  });
});
