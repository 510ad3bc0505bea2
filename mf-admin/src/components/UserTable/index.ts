export { NO_USERS_TEXT, UserTable } from './UserTable';
export type { UserTableProps } from './UserTable';
