import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { UserStore } from './users';

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-users-'));
});

afterEach(() => rm(dataDir, { recursive: true, force: true }));

describe('UserStore', () => {
  it('seeds the three verified demo accounts on first start', async () => {
    const store = await UserStore.open(dataDir);

    expect(store.findByEmail('manager@demo.test')).toMatchObject({
      id: 'usr_demo_manager',
      name: 'Maya Manager',
      isAdmin: false,
      isVerified: true,
    });
    expect(store.findByEmail('cashier@demo.test')).toMatchObject({ id: 'usr_demo_cashier' });
    expect(store.findByEmail('admin@demo.test')).toMatchObject({
      id: 'usr_demo_admin',
      isAdmin: true,
    });
    await expect(store.checkPassword('ADMIN@demo.test', 'demo1234')).resolves.toMatchObject({
      id: 'usr_demo_admin',
    });
    await expect(store.checkPassword('admin@demo.test', 'demo12345')).resolves.toBeNull();
  });

  it('keeps accounts and changes across a restart, never storing a password in clear', async () => {
    const first = await UserStore.open(dataDir);
    const created = await first.create({
      email: 'kim@shop.test',
      name: 'Kim',
      password: 'secret-pass',
    });
    await first.update('usr_demo_cashier', { name: 'Cashier Renamed' });
    await first.delete('usr_demo_admin');

    const second = await UserStore.open(dataDir);
    expect(second.findById(created.id)?.email).toBe('kim@shop.test');
    expect(second.findById('usr_demo_cashier')?.name).toBe('Cashier Renamed');
    expect(second.findById('usr_demo_admin')).toBeUndefined();
    await expect(second.checkPassword('kim@shop.test', 'secret-pass')).resolves.not.toBeNull();

    const raw = await readFile(path.join(dataDir, 'users.json'), 'utf8');
    expect(raw).not.toContain('secret-pass');
    expect(raw).not.toContain('demo1234');
    expect(await readdir(dataDir)).toEqual(['users.json']);
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    const store = await UserStore.open(null);
    await expect(
      store.create({ email: 'Manager@Demo.test', name: 'Copy', password: 'whatever1' }),
    ).rejects.toThrow('already exists');
  });
});
