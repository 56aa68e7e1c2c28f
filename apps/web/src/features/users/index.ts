/** What other features may use of the user list: the navigation state /usuarios accepts. */
export type { UsersPageState } from './users-navigation';
