import { ArrowUpDownIcon } from '../icons/ArrowUpDownIcon';
import { Button } from '../components/Button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../components/DropdownMenu';

export interface SortMenuOption {
  id: string;
  label: string;
  /** The direction the column's header sorts it in first (text A to Z, numbers largest first). */
  firstDescending: boolean;
}

interface SortMenuProps {
  tableLabel: string;
  options: SortMenuOption[];
  /** The sorted column, or `null` for the order given. */
  sortedBy: string | null;
  descending: boolean;
  onSortChange: (id: string | null, descending: boolean) => void;
  /** The choice that keeps the rows in the order given, in words ("Newest first (as received)"). */
  givenOrderLabel: string;
  /** The trigger's `data-slot`, named after the table it belongs to. */
  slot: string;
}

const GIVEN_ORDER = '';

/**
 * The keyboard's way to sort: the table is a single Tab stop, so its header buttons (which a
 * pointer clicks) are out of the Tab order, and this menu offers the same choices.
 */
export function SortMenu({
  tableLabel,
  options,
  sortedBy,
  descending,
  onSortChange,
  givenOrderLabel,
  slot,
}: SortMenuProps) {
  const current = options.find((option) => option.id === sortedBy);
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Sort ${tableLabel}`} data-slot={slot}>
          <ArrowUpDownIcon />
          {current ? `${current.label} ${descending ? '↓' : '↑'}` : 'Sort'}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Sort by</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={sortedBy ?? GIVEN_ORDER}
          onValueChange={(id) => {
            // Another column starts in its own first direction, as a click on its header would.
            const chosen = options.find((option) => option.id === id);
            onSortChange(chosen ? chosen.id : null, chosen ? chosen.firstDescending : descending);
          }}
        >
          <DropdownMenuRadioItem value={GIVEN_ORDER}>{givenOrderLabel}</DropdownMenuRadioItem>
          {options.map((option) => (
            <DropdownMenuRadioItem key={option.id} value={option.id}>
              {option.label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>Direction</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={descending ? 'desc' : 'asc'}
          onValueChange={(direction) => onSortChange(sortedBy, direction === 'desc')}
        >
          <DropdownMenuRadioItem value="asc" disabled={sortedBy === null}>
            Ascending
          </DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="desc" disabled={sortedBy === null}>
            Descending
          </DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
