export { UserMenu, type UserMenuProps } from './UserMenu';
export { getDisplayName, getInitials, GUEST_NAME } from './display';
