import { clsx } from 'clsx';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { textDirection } from '../../format/direction';
import { BellIcon } from '../../icons/BellIcon';
import { ChevronsUpDownIcon } from '../../icons/ChevronsUpDownIcon';
import { CreditCardIcon } from '../../icons/CreditCardIcon';
import { LogOutIcon } from '../../icons/LogOutIcon';
import { SparklesIcon } from '../../icons/SparklesIcon';
import { UserIcon } from '../../icons/UserIcon';
import { visuallyHidden } from '../../theme/focus.css';
import { Avatar, AvatarFallback, AvatarImage } from '../Avatar/Avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  type DropdownMenuContentProps,
} from '../DropdownMenu/DropdownMenu';
import { getDisplayName, getInitials } from './display';
import * as styles from './UserMenu.css';

interface IdentityProps {
  displayName: string;
  initials: string;
  email: string | null | undefined;
  avatarSrc: string | null | undefined;
}

/** Avatar, name and email: shown in the trigger and again at the top of the menu. */
function Identity({ displayName, initials, email, avatarSrc }: IdentityProps) {
  return (
    <span className={styles.identity}>
      <Avatar shape="square" aria-hidden="true" data-slot="user-menu-avatar">
        {avatarSrc ? <AvatarImage src={avatarSrc} alt="" /> : null}
        <AvatarFallback>{initials}</AvatarFallback>
      </Avatar>
      <span className={styles.details} data-slot="user-menu-details">
        <span className={styles.name} dir={textDirection(displayName)}>
          {displayName}
        </span>
        {/* The space keeps name and email apart in the button's accessible name. */}
        {email ? (
          <>
            {' '}
            <span className={styles.email}>{email}</span>
          </>
        ) : null}
      </span>
    </span>
  );
}

export interface UserMenuProps extends Omit<ComponentPropsWithoutRef<'button'>, 'children' | 'name'> {
  /** The user's name; shown as "Guest" with "?" initials when missing. */
  name?: string | null;
  email?: string | null;
  /** A picture URL; the initials show until it loads, and when it fails. */
  avatarSrc?: string | null;
  /** Read before the name by screen readers, to say what the button opens. */
  label?: string;
  /** Where the menu opens: `right` beside a desktop sidebar, `top` on a phone. */
  side?: DropdownMenuContentProps['side'];
  align?: DropdownMenuContentProps['align'];
  onUpgrade?: () => void;
  onAccount?: () => void;
  onBilling?: () => void;
  onNotifications?: () => void;
  onLogout?: () => void;
}

/**
 * The signed-in user's button (avatar with initials, name, email) and its menu: Upgrade to Pro,
 * Account, Billing, Notifications and Log out, each reported through its callback.
 * Ref, className and rest props go to the trigger button.
 */
export const UserMenu = forwardRef<HTMLButtonElement, UserMenuProps>(function UserMenu(
  {
    name,
    email,
    avatarSrc,
    label = 'User menu',
    side = 'right',
    align = 'end',
    onUpgrade,
    onAccount,
    onBilling,
    onNotifications,
    onLogout,
    className,
    type = 'button',
    ...rest
  },
  ref,
) {
  const identity = (
    <Identity displayName={getDisplayName(name)} initials={getInitials(name)} email={email} avatarSrc={avatarSrc} />
  );

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        ref={ref}
        type={type}
        data-slot="user-menu-trigger"
        className={clsx(styles.trigger, className)}
        {...rest}
      >
        <span className={visuallyHidden}>{label} </span>
        {identity}
        <ChevronsUpDownIcon className={styles.chevron} data-slot="user-menu-chevron" />
      </DropdownMenuTrigger>
      <DropdownMenuContent side={side} align={align} className={styles.content} data-slot="user-menu-content">
        <DropdownMenuLabel className={styles.header}>{identity}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <DropdownMenuItem onSelect={onUpgrade}>
            <SparklesIcon />
            Upgrade to Pro
          </DropdownMenuItem>
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <DropdownMenuItem onSelect={onAccount}>
            <UserIcon />
            Account
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={onBilling}>
            <CreditCardIcon />
            Billing
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={onNotifications}>
            <BellIcon />
            Notifications
          </DropdownMenuItem>
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onLogout}>
          <LogOutIcon />
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
});
