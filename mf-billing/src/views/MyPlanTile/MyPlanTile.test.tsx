import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { basicsPlan, createFakeBillingApi, proPlan, trialPlan } from '../../fixtures';
import { billingTestIds } from '../../testIds';
import { renderWithParcel } from '../../testing/renderWithParcel';
import { MyPlanTile } from './MyPlanTile';

const ids = billingTestIds.tile;

describe('MyPlanTile', () => {
  it('shows the plan, its price a month and the orders it includes, with a link to the plans', async () => {
    const { api } = createFakeBillingApi({ plan: proPlan });
    renderWithParcel(<MyPlanTile />, { api, path: '/' });
    expect(screen.getByText('Loading plan')).toBeInTheDocument();
    expect(await screen.findByTestId(ids.name)).toHaveTextContent('Pro');
    expect(screen.getByTestId(ids.price)).toHaveTextContent('$79/month');
    expect(screen.getByTestId(ids.orders)).toHaveTextContent('2000 Orders included');
    expect(screen.getByText('$0.03 per extra over')).toBeInTheDocument();
    expect(screen.queryByTestId(ids.expiresSoon)).not.toBeInTheDocument();
    const region = screen.getByRole('region', { name: 'My Plan' });
    // The kit's StatTile, with the price as its number (no copy of its styles here).
    expect(region).toHaveClass('pos-stat-tile', 'pos-plan-tile');
    expect(within(region).getByText('$79')).toHaveClass('pos-stat-tile__number');
    const tile = within(region);
    expect(tile.getByRole('link', { name: 'View plans' })).toHaveAttribute(
      'href',
      '/subscription-plans',
    );
  });

  it("counts a free plan's orders up to its cap and says the service pauses there", async () => {
    const { api } = createFakeBillingApi({ plan: trialPlan });
    renderWithParcel(<MyPlanTile />, { api, path: '/' });
    expect(await screen.findByTestId(ids.orders)).toHaveTextContent('50 Orders included');
    expect(screen.getByTestId(ids.price)).toHaveTextContent('$0/month');
    expect(screen.getByText('Service pauses on limit cap')).toBeInTheDocument();
  });

  it("says 'Expires Soon' when the plan is set to end", async () => {
    const { api } = createFakeBillingApi({
      plan: { ...proPlan, cancelDate: '2026-12-25T00:00:00.000Z' },
    });
    renderWithParcel(<MyPlanTile />, { api, path: '/' });
    expect(await screen.findByTestId(ids.expiresSoon)).toHaveTextContent('Expires Soon');
  });

  it('offers to choose a plan when there is none', async () => {
    const { api } = createFakeBillingApi({ plan: null });
    renderWithParcel(<MyPlanTile />, { api, path: '/' });
    expect(await screen.findByText('No plan yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a plan' })).toHaveAttribute(
      'href',
      '/subscription-plans',
    );
  });

  it('shows the new plan after plan-changed', async () => {
    const { api, state } = createFakeBillingApi({ plan: trialPlan });
    const { bus } = renderWithParcel(<MyPlanTile />, { api, path: '/' });
    expect(await screen.findByTestId(ids.name)).toHaveTextContent('Trial');
    state.plan = proPlan;
    act(() => bus.emit('plan-changed'));
    expect(await screen.findByText('Pro')).toBeInTheDocument();
  });

  it("shows the server's error with a retry", async () => {
    const user = userEvent.setup();
    let failing = true;
    const { api } = createFakeBillingApi({
      plan: proPlan,
      overrides: () =>
        failing ? { status: 500, data: { message: 'Database unavailable' } } : undefined,
    });
    renderWithParcel(<MyPlanTile />, { api, path: '/' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId(ids.name)).toHaveTextContent('Pro');
  });

  it('is disabled, without a link, and asks the api nothing for a banned account', async () => {
    const { api, requests } = createFakeBillingApi({ plan: proPlan });
    renderWithParcel(<MyPlanTile />, { api, path: '/', viewer: { isBanned: true } });
    const tile = screen.getByRole('region', { name: 'My Plan' });
    expect(tile).toHaveAttribute('aria-disabled', 'true');
    expect(within(tile).getByText('Unavailable while the account is paused')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(requests).toEqual([]);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it("shows a paid plan's orders this period, the included ones and the excess billed so far", async () => {
    const { api } = createFakeBillingApi({
      plan: basicsPlan,
      usage: {
        orders: 110,
        limit: 1000,
        period: 'month',
        reached: false,
        included: 100,
        excess: 10,
        excessAmount: 0.5,
      },
    });
    renderWithParcel(<MyPlanTile />, { api, path: '/' });
    const usage = within(await screen.findByTestId(ids.usage));
    expect(usage.getByText('Orders this period').nextSibling).toHaveTextContent('110');
    expect(usage.getByTestId(billingTestIds.usage.included)).toHaveTextContent('100');
    expect(usage.getByText('Excess so far').nextSibling).toHaveTextContent('10');
    expect(usage.getByText('Excess amount to date').nextSibling).toHaveTextContent('$0.50');
  });

  it('shows no excess for a free plan, which pauses instead', async () => {
    const { api } = createFakeBillingApi({
      plan: trialPlan,
      usage: {
        orders: 20,
        limit: 50,
        period: 'total',
        reached: false,
        included: 50,
        excess: 0,
        excessAmount: 0,
      },
    });
    renderWithParcel(<MyPlanTile />, { api, path: '/' });
    expect(await screen.findByTestId(ids.name)).toHaveTextContent('Trial');
    expect(screen.queryByTestId(ids.usage)).not.toBeInTheDocument();
  });
});
