import { render, screen } from '@testing-library/react';
import { ICON_NAMES, Icon, isIconName } from './Icon';

describe('Icon', () => {
  it('is hidden from assistive technology unless it has a title', () => {
    const { container } = render(<Icon name="dashboard" />);
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('is announced by its title when it carries meaning on its own', () => {
    render(<Icon name="warning" title="Attempt limit reached" />);
    expect(screen.getByRole('img', { name: 'Attempt limit reached' })).toBeInTheDocument();
  });

  it('offers every icon the navigation and states need', () => {
    for (const name of ['dashboard', 'shield', 'chevron-left', 'eye-off', 'refresh']) {
      expect(isIconName(name)).toBe(true);
    }
    expect(isIconName('toString')).toBe(false);
    expect(ICON_NAMES).toHaveLength(49);
  });

  it('offers the icons of the analytics pages and the activity feed', () => {
    for (const name of ['cart', 'box', 'printer', 'link', 'analytics', 'activity']) {
      expect(isIconName(name)).toBe(true);
    }
  });

  it('offers the icons of the landing page, the resources and the account banners', () => {
    const shellIcons = ['chevron-up', 'arrow-right', 'mail', 'book', 'rocket', 'life-buoy'];
    for (const name of [...shellIcons, 'plug', 'globe', 'sparkles', 'pause']) {
      expect(isIconName(name)).toBe(true);
    }
  });

  it('offers the invitation states of spec 4 and the applications actions', () => {
    const invitationIcons = ['addUser', 'userWait', 'exclamationMark', 'mailSendOk'];
    for (const name of [...invitationIcons, 'trash', 'plus', 'arrow-left', 'key']) {
      expect(isIconName(name)).toBe(true);
    }
  });
});
