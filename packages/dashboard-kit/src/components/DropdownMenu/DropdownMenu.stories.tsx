/**
 * DropdownMenu: Radix's menu with the kit's styles.
 *
 * Usage:
 * `<DropdownMenu><DropdownMenuTrigger asChild><Button>Open</Button></DropdownMenuTrigger>`
 * `<DropdownMenuContent><DropdownMenuItem onSelect={exportCsv}>Export</DropdownMenuItem></DropdownMenuContent></DropdownMenu>`.
 * Items run `onSelect`; checkbox and radio items hold state you pass in. The content is portalled and
 * re-applies the theme of where it was opened, so it matches inside a `ThemeScope`.
 */
import type { Story, StoryDefault } from '@ladle/react';
import { useState } from 'react';
import { BellIcon } from '../../icons/BellIcon';
import { CreditCardIcon } from '../../icons/CreditCardIcon';
import { LogOutIcon } from '../../icons/LogOutIcon';
import { UserIcon } from '../../icons/UserIcon';
import { BothThemes, PhoneFrame } from '../../stories/StoryLayout';
import { Button } from '../Button/Button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuShortcut,
  DropdownMenuTrigger,
} from './DropdownMenu';

export default {
  title: 'Primitives / Dropdown menu',
} satisfies StoryDefault;

function AccountItems() {
  return (
    <>
      <DropdownMenuLabel>My account</DropdownMenuLabel>
      <DropdownMenuGroup>
        <DropdownMenuItem>
          <UserIcon />
          Account
          <DropdownMenuShortcut>⇧⌘P</DropdownMenuShortcut>
        </DropdownMenuItem>
        <DropdownMenuItem>
          <CreditCardIcon />
          Billing
        </DropdownMenuItem>
        <DropdownMenuItem disabled>
          <BellIcon />
          Notifications (disabled)
        </DropdownMenuItem>
      </DropdownMenuGroup>
      <DropdownMenuSeparator />
      <DropdownMenuItem variant="danger">
        <LogOutIcon />
        Log out
      </DropdownMenuItem>
    </>
  );
}

/**
 * The story menu: an outline button opening the account items. `initially` opens it on load;
 * `always` keeps it open, for showing two menus at once (an open menu closes when focus leaves).
 */
function AccountMenu({ open }: { open?: 'initially' | 'always' }) {
  return (
    <DropdownMenu
      defaultOpen={open === 'initially'}
      open={open === 'always' ? true : undefined}
      modal={open === undefined}
    >
      <DropdownMenuTrigger asChild>
        <Button variant="outline">Open menu</Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <AccountItems />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export const Default: Story = () => <AccountMenu />;

export const Open: Story = () => <AccountMenu open="initially" />;

export const CheckboxAndRadioItems: Story = () => {
  const [volume, setVolume] = useState(true);
  const [markers, setMarkers] = useState(false);
  const [interval, setInterval] = useState('1m');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">Chart options</Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuLabel>Show</DropdownMenuLabel>
        <DropdownMenuCheckboxItem checked={volume} onCheckedChange={setVolume}>
          Volume
        </DropdownMenuCheckboxItem>
        <DropdownMenuCheckboxItem checked={markers} onCheckedChange={setMarkers}>
          Signal markers
        </DropdownMenuCheckboxItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>Interval</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={interval} onValueChange={setInterval}>
          {['1m', '5m', '15m', '1h', '4h', '1d'].map((value) => (
            <DropdownMenuRadioItem key={value} value={value}>
              {value}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
};

export const ManyItems: Story = () => (
  <DropdownMenu>
    <DropdownMenuTrigger asChild>
      <Button variant="outline">Pick a pair</Button>
    </DropdownMenuTrigger>
    <DropdownMenuContent align="start">
      {Array.from({ length: 60 }, (_, index) => (
        <DropdownMenuItem key={index}>PAIR{index + 1}/USD</DropdownMenuItem>
      ))}
    </DropdownMenuContent>
  </DropdownMenu>
);

export const LongText: Story = () => (
  <DropdownMenu>
    <DropdownMenuTrigger asChild>
      <Button variant="outline">Strategy</Button>
    </DropdownMenuTrigger>
    <DropdownMenuContent align="start" style={{ maxWidth: '18rem' }}>
      <DropdownMenuLabel>Mean reversion with volatility bands and a trailing exit</DropdownMenuLabel>
      <DropdownMenuItem>
        Send every alert of this strategy to the signals list, including rejected ones
      </DropdownMenuItem>
      <DropdownMenuItem>Pause</DropdownMenuItem>
    </DropdownMenuContent>
  </DropdownMenu>
);

export const BothThemesSideBySide: Story = () => (
  <BothThemes>
    <div style={{ minHeight: '14rem' }}>
      <AccountMenu open="always" />
    </div>
  </BothThemes>
);

// A narrow frame rather than Ladle's width option: that option renders stories in an iframe,
// and menus portal to the outer document.
export const Phone: Story = () => (
  <PhoneFrame>
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" style={{ width: '100%' }}>
          Open menu
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent style={{ width: 'var(--radix-dropdown-menu-trigger-width)' }}>
        <AccountItems />
      </DropdownMenuContent>
    </DropdownMenu>
  </PhoneFrame>
);
