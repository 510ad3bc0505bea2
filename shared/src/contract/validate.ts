import type { Access, RemoteContract } from './types';

const ACCESS: readonly Access[] = ['all', 'manager', 'admin'];

/** Thrown when a remote's contract is not what the shell can use. */
export class ContractError extends Error {
  override name = 'ContractError';
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function expectString(owner: string, record: Record<string, unknown>, key: string): void {
  if (typeof record[key] !== 'string' || record[key] === '') {
    throw new ContractError(`${owner}: "${key}" must be a non-empty string`);
  }
}

function expectAccess(owner: string, record: Record<string, unknown>): void {
  if (!ACCESS.includes(record.access as Access)) {
    throw new ContractError(`${owner}: "access" must be one of ${ACCESS.join(', ')}`);
  }
}

/**
 * Checks a module loaded from a remote against the contract and returns it typed.
 * Accepts the contract itself or a module whose default export is the contract.
 */
export function validateContract(loaded: unknown, expectedName?: string): RemoteContract {
  const candidate =
    isRecord(loaded) && isRecord(loaded.default) && !('routes' in loaded) ? loaded.default : loaded;
  if (!isRecord(candidate)) throw new ContractError('the remote did not expose a contract object');
  expectString('contract', candidate, 'name');
  if (expectedName && candidate.name !== expectedName) {
    throw new ContractError(
      `contract: expected name "${expectedName}", got "${String(candidate.name)}"`,
    );
  }
  for (const key of ['routes', 'navItems', 'tiles'] as const) {
    if (!Array.isArray(candidate[key]))
      throw new ContractError(`contract: "${key}" must be an array`);
  }
  (candidate.routes as unknown[]).forEach((route, index) => {
    const owner = `routes[${index}]`;
    if (!isRecord(route)) throw new ContractError(`${owner} must be an object`);
    expectString(owner, route, 'path');
    expectString(owner, route, 'title');
    expectAccess(owner, route);
    if (!String(route.path).startsWith('/'))
      throw new ContractError(`${owner}: "path" must start with /`);
    if (route.bannedPolicy !== 'allow' && route.bannedPolicy !== 'redirect') {
      throw new ContractError(`${owner}: "bannedPolicy" must be allow or redirect`);
    }
    if (typeof route.load !== 'function')
      throw new ContractError(`${owner}: "load" must be a function`);
  });
  (candidate.navItems as unknown[]).forEach((item, index) => {
    const owner = `navItems[${index}]`;
    if (!isRecord(item)) throw new ContractError(`${owner} must be an object`);
    for (const key of ['id', 'label', 'path', 'icon']) expectString(owner, item, key);
    expectAccess(owner, item);
    if (typeof item.order !== 'number')
      throw new ContractError(`${owner}: "order" must be a number`);
    if (typeof item.disabledWhenBanned !== 'boolean') {
      throw new ContractError(`${owner}: "disabledWhenBanned" must be a boolean`);
    }
  });
  // Tiles and side navigation widgets are the same shape: a parcel with a place in a list.
  const expectPlacedParcel = (owner: string, parcel: unknown) => {
    if (!isRecord(parcel)) throw new ContractError(`${owner} must be an object`);
    expectString(owner, parcel, 'id');
    expectString(owner, parcel, 'title');
    expectAccess(owner, parcel);
    if (typeof parcel.order !== 'number')
      throw new ContractError(`${owner}: "order" must be a number`);
    if (typeof parcel.load !== 'function')
      throw new ContractError(`${owner}: "load" must be a function`);
  };
  (candidate.tiles as unknown[]).forEach((tile, index) =>
    expectPlacedParcel(`tiles[${index}]`, tile),
  );
  if (candidate.navWidgets !== undefined) {
    if (!Array.isArray(candidate.navWidgets))
      throw new ContractError('contract: "navWidgets" must be an array when given');
    candidate.navWidgets.forEach((widget: unknown, index) =>
      expectPlacedParcel(`navWidgets[${index}]`, widget),
    );
  }
  return candidate as unknown as RemoteContract;
}

/** Whether a viewer with this role may see something of `access`. */
export function canAccess(access: Access, viewer: { userRole: string; isAdmin: boolean }): boolean {
  if (access === 'all') return true;
  if (access === 'admin') return viewer.isAdmin;
  return viewer.userRole === 'manager';
}
