// scripts/lib/contract-slots.cjs: the slots a release records are its contract's items with the
// sizes the first paint reserves (issue 30).
const { contractSlotsOf, slotsOfContract } = require('../lib/contract-slots.cjs');

const {
  stationsNavItem: navItem,
  stationsSlots,
  assistantWidget: widget,
} = require('./fixtures/slots.cjs');

describe("a contract's slots", () => {
  it("take a tile's rows from the contract, else remotes.json's for the same id, else one row", () => {
    const contract = {
      navItems: [navItem],
      tiles: [
        { id: 'pos', title: 'POS', access: 'all', order: 30 },
        { id: 'grown', title: 'Grown', access: 'all', order: 31, rows: 3 },
        { id: 'added', title: 'Added', access: 'manager', order: 32 },
      ],
      navWidgets: [],
    };
    const declared = {
      tiles: [
        { id: 'pos', title: 'POS', access: 'all', order: 30, rows: 2 },
        { id: 'grown', title: 'Grown', access: 'all', order: 31, rows: 1 },
      ],
    };
    expect(slotsOfContract('mf_stations', contract, declared)).toEqual({
      navItems: [navItem],
      tiles: [
        { id: 'pos', title: 'POS', access: 'all', order: 30, rows: 2 },
        { id: 'grown', title: 'Grown', access: 'all', order: 31, rows: 3 },
        { id: 'added', title: 'Added', access: 'manager', order: 32, rows: 1 },
      ],
      navWidgets: [],
    });
  });

  it("take a widget's heights from the contract, else remotes.json's, and refuse a widget without", () => {
    const declared = { navWidgets: [{ ...widget, height: 106, collapsedHeight: 56 }] };
    const contract = (navWidgets) => ({ navItems: [], tiles: [], navWidgets });
    expect(slotsOfContract('mf_assistant', contract([widget]), declared).navWidgets).toEqual([
      { ...widget, height: 106, collapsedHeight: 56 },
    ]);
    expect(
      slotsOfContract(
        'mf_assistant',
        contract([{ ...widget, height: 140, collapsedHeight: 60 }]),
        declared,
      ).navWidgets,
    ).toEqual([{ ...widget, height: 140, collapsedHeight: 60 }]);
    expect(() =>
      slotsOfContract('mf_assistant', contract([{ ...widget, id: 'new' }]), declared),
    ).toThrow("mf_assistant's widget new has no height");
  });

  it("are read from the remote's own contract source", () => {
    expect(contractSlotsOf('mf-stations')).toEqual(stationsSlots);
  });
});
