/**
 * What other features may use of the user list: the navigation state /usuarios accepts, and the
 * erasure dialog (the privacy requests' queue opens it from an ERASURE request; load it lazily).
 */
export type { UsersPageState } from './users-navigation';
export { EraseUserDialog } from './components/EraseUserDialog';
