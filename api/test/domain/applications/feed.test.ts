import { applicationFeed, disconnectedMessage } from '../../../src/domain/applications/feed';
import { stationFeed } from '../../../src/domain/stations/feed';

const ROW = { id: 'app-1', name: 'Roasters', user_id: 'owner-1' };

describe('the application feed entries', () => {
  it('link each entry to the application', () => {
    expect(applicationFeed.added(ROW)).toEqual({
      name: 'Application Roasters was added',
      feedType: 'applicationAdded',
      link: '/applications/app-1',
      linkName: 'Roasters',
      proves: { task: 'create-application', applicationId: 'app-1' },
    });
    expect(applicationFeed.renamed(ROW, 'Bakers')).toMatchObject({
      name: 'Application Roasters was renamed to Bakers',
      feedType: 'applicationUpdated',
      linkName: 'Bakers',
    });
    expect(applicationFeed.moved(ROW, 'https://new.example')).toMatchObject({
      name: 'The URL of application Roasters was changed to https://new.example',
      feedType: 'applicationUpdated',
    });
    expect(applicationFeed.authorized(ROW)).toMatchObject({
      name: 'Roasters was authorized',
      feedType: 'applicationAuthorized',
      proves: { task: 'authorize-application', applicationId: 'app-1' },
    });
    expect(applicationFeed.disconnected(ROW)).toMatchObject({
      name: disconnectedMessage(ROW),
      feedType: 'applicationDisconnected',
    });
    expect(disconnectedMessage(ROW)).toBe(
      'Roasters application has been disconnected and is no longer authorized.',
    );
    expect(applicationFeed.invitationSent(ROW, 'Cash Ier')).toMatchObject({
      name: 'Invitation sent to Cash Ier for Roasters',
      feedType: 'applicationShared',
    });
  });
});

describe('the station feed entries', () => {
  it('link to the stations page and name who opened what', () => {
    expect(stationFeed.posUrlChanged(ROW, { name: 'Bar' }, 'http://pos/r/bar')).toEqual({
      name: 'POS URL of Bar changed to http://pos/r/bar',
      feedType: 'posUrlChanged',
      link: '/applications/app-1/stations',
      linkName: 'View Stations',
    });
    expect(
      stationFeed.posUrlChanged(ROW, { name: 'Bar' }, 'http://pos/r/pos', { madeDefault: true }),
    ).toMatchObject({ proves: { task: 'set-default-station', applicationId: 'app-1' } });
    const opened = (full_name: string | null, email: string | null) =>
      stationFeed.stationOpened(ROW, { name: 'Bar' }, { id: 'u-2', full_name, email }).name;
    expect(opened('Cash Ier', 'c@x.example')).toBe('Cash Ier opened Bar (Roasters)');
    expect(opened('', 'c@x.example')).toBe('c@x.example opened Bar (Roasters)');
    expect(opened(null, null)).toBe('A user opened Bar (Roasters)');
  });

  it("prove the Assistant's open-station task of whoever opened the station", () => {
    const owner = { id: 'owner-1', full_name: 'Maya', email: null };
    expect(stationFeed.stationOpened(ROW, { name: 'Bar' }, owner).proves).toEqual({
      task: 'open-station',
      applicationId: 'app-1',
    });
    const member = { id: 'member-2', full_name: 'Cash', email: null };
    expect(stationFeed.stationOpened(ROW, { name: 'Bar' }, member).proves).toEqual({
      task: 'open-station',
      userId: 'member-2',
    });
  });
});
