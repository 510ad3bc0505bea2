import { render, screen, within } from '@testing-library/react';
import { makeStaffUser } from '../../fixtures';
import { StaffTable, roleTypeOf, type StaffTableProps } from './StaffTable';

const props = (staff: StaffTableProps['staff']): StaffTableProps => ({
  applicationName: 'Demo Coffee Roasters',
  staff,
  loading: false,
  emptyState: 'No Staff assigned',
  busyIds: new Set(),
  onInvite: jest.fn(),
  onChangeRole: jest.fn(),
  onRemove: jest.fn(),
});

describe('StaffTable', () => {
  it('names the table after its application and has the spec 2.6 columns', () => {
    render(<StaffTable {...props([makeStaffUser(1)])} />);
    const table = screen.getByRole('table', { name: 'Staff of Demo Coffee Roasters' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['User', 'Email', 'Role Type', 'Access', 'Status', 'Last Access', 'Manage']);
  });

  it('shows a wp store administrator who connected the application without an invitation', () => {
    const owner = makeStaffUser(1, {
      name: 'Store Admin',
      role: 'administrator',
      roles: ['administrator'],
      isConnectionOwner: true,
    });
    render(<StaffTable {...props([owner])} />);
    expect(screen.getByTestId('staff-status-1')).toHaveTextContent('—');
    expect(screen.queryByTestId('staff-invite-1')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByTestId('staff-owner-1')).toHaveTextContent('Store administrator');
  });

  it('offers no invitation to the connection owner whatever the count (the api refuses it, 403)', () => {
    const owners = [
      makeStaffUser(1, { kind: 'wp', isConnectionOwner: true, invitationCount: 0 }),
      makeStaffUser(2, { kind: 'wp', isConnectionOwner: true, invitationCount: 2 }),
      makeStaffUser(3, { kind: 'pos', isConnectionOwner: true }),
    ];
    const onInvite = jest.fn();
    render(<StaffTable {...props(owners)} onInvite={onInvite} />);
    for (const id of [1, 2, 3]) {
      expect(screen.queryByTestId(`staff-invite-${id}`)).not.toBeInTheDocument();
      expect(screen.queryByTestId(`staff-invite-status-${id}`)).not.toBeInTheDocument();
    }
    expect(screen.getByTestId('staff-status-3')).toHaveTextContent('Active');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(onInvite).not.toHaveBeenCalled();
  });

  it('keeps Manage waiting while a change of the user is on its way', () => {
    const user = makeStaffUser(2, { name: 'Cash Ier' });
    render(<StaffTable {...props([user])} busyIds={new Set([2])} />);
    expect(screen.getByRole('button', { name: 'Change the role of Cash Ier' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Remove POS access of Cash Ier' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('writes the role by its label, or the store roles when none is a POS role', () => {
    expect(roleTypeOf(makeStaffUser(1, { role: 'shop_manager' }))).toBe('Shop Manager');
    expect(roleTypeOf(makeStaffUser(1, { role: null, roles: ['editor', 'kiosk'] }))).toBe(
      'editor, Kiosk',
    );
    expect(roleTypeOf(makeStaffUser(1, { role: null, roles: [] }))).toBe('—');
  });
});
