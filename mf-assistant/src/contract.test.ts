import { validateContract } from '@pos/shared';
import * as contractModule from './contract';

describe('mf_assistant contract', () => {
  it('validates with validateContract as the shell loads it: no page, nav item or tile', () => {
    const contract = validateContract(contractModule, 'mf_assistant');
    expect(contract.routes).toEqual([]);
    expect(contract.navItems).toEqual([]);
    expect(contract.tiles).toEqual([]);
  });

  it("gives the side navigation the Assistant's widget, for managers (spec 2.10)", () => {
    const contract = validateContract(contractModule, 'mf_assistant');
    expect(
      contract.navWidgets?.map((widget) => [widget.id, widget.title, widget.access, widget.order]),
    ).toEqual([['assistant', 'Assistant', 'manager', 10]]);
  });

  it('loads the widget as a mountable parcel', async () => {
    const contract = validateContract(contractModule, 'mf_assistant');
    const parcel = await contract.navWidgets![0]!.load();
    expect(typeof parcel.mount).toBe('function');
    expect(typeof parcel.unmount).toBe('function');
    expect(typeof parcel.update).toBe('function');
  });
});
