import type { DatabaseHandle } from '../../src/db';
import { EndedSessionsRepository } from '../../src/repositories/ended-sessions';
import { createTestDatabase } from '../helpers/app';

let database: DatabaseHandle;
/** A second handle on the same database: another api instance. */
let second: DatabaseHandle;
let drop: () => Promise<void>;
let ended: EndedSessionsRepository;
let otherInstance: EndedSessionsRepository;

beforeAll(async () => {
  let reopen: () => DatabaseHandle;
  ({ database, drop, reopen } = await createTestDatabase());
  second = reopen();
  ended = new EndedSessionsRepository(database.db);
  otherInstance = new EndedSessionsRepository(second.db);
});
afterAll(async () => {
  await second.close();
  await drop();
});

const inAnHour = () => new Date(Date.now() + 3_600_000);
const keys = async () =>
  (await database.db.selectFrom('ended_sessions').select('session_key').execute()).map(
    (row) => row.session_key,
  );

describe('EndedSessionsRepository', () => {
  it('knows an ended session on every handle of the database, and no other', async () => {
    await ended.end('key-a', inAnHour());
    expect(await ended.isEnded('key-a')).toBe(true);
    expect(await otherInstance.isEnded('key-a')).toBe(true);
    expect(await otherInstance.isEnded('key-b')).toBe(false);
  });

  it('ends a session twice without complaint', async () => {
    await ended.end('key-twice', inAnHour());
    await otherInstance.end('key-twice', inAnHour());
    expect((await keys()).filter((key) => key === 'key-twice')).toHaveLength(1);
  });

  it('forgets the sessions past their expiry when it ends another', async () => {
    const now = new Date();
    await ended.end('key-old', new Date(now.getTime() - 1000), new Date(now.getTime() - 5000));
    await ended.end('key-live', inAnHour(), new Date(now.getTime() - 5000));
    expect(await keys()).toEqual(expect.arrayContaining(['key-old', 'key-live']));
    await ended.end('key-new', inAnHour(), now);
    const left = await keys();
    expect(left).not.toContain('key-old');
    expect(left).toEqual(expect.arrayContaining(['key-live', 'key-new']));
  });
});
