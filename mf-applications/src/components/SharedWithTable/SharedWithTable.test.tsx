import { render, screen, within } from '@testing-library/react';
import { sampleSharedUsers } from '../../fixtures';
import type { SharedWithRow } from '../../types';
import { SharedWithTable } from './SharedWithTable';

const rows: SharedWithRow[] = [
  ...sampleSharedUsers.pos.map((user) => ({ kind: 'pos' as const, user })),
  ...sampleSharedUsers.wp.map((user) => ({ kind: 'wp' as const, user })),
];

const rowOf = (name: string) =>
  within(screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement);

describe('SharedWithTable', () => {
  const onInvite = jest.fn();

  it('shows POS users as Active with Stations, Cloud and no invitation', () => {
    render(<SharedWithTable rows={rows} loading={false} onInvite={onInvite} />);
    const cashier = rowOf('Cash Ier');
    expect(cashier.getByText('Stations, Cloud')).toBeInTheDocument();
    expect(cashier.getByText('Active')).toBeInTheDocument();
    expect(cashier.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows wp users with Stations, their role and Need Invite', () => {
    render(<SharedWithTable rows={rows} loading={false} onInvite={onInvite} />);
    const manager = rowOf('Nora Night');
    expect(manager.getByText('Shop Manager')).toBeInTheDocument();
    expect(manager.getByText(/^Stations$/)).toBeInTheDocument();
    expect(manager.getByText('Need Invite')).toBeInTheDocument();
    expect(manager.getByRole('button', { name: 'Send invitation' })).toBeInTheDocument();
  });

  it('says the store has no POS users when the table is empty', () => {
    render(<SharedWithTable rows={[]} loading={false} onInvite={onInvite} />);
    expect(screen.getByText('This store has no users with a POS role yet')).toBeInTheDocument();
  });
});
