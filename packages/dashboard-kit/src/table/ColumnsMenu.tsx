import { ColumnsIcon } from '../icons/ColumnsIcon';
import { Button } from '../components/Button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../components/DropdownMenu';

export interface ColumnsMenuOption {
  id: string;
  label: string;
  visible: boolean;
}

interface ColumnsMenuProps {
  /** The table's accessible name, so several tables on a page have distinct menus. */
  tableLabel: string;
  options: ColumnsMenuOption[];
  onVisibleChange: (id: string, visible: boolean) => void;
  /** Puts the table's own columns back; left out while they are shown, so the item is offered only then. */
  onReset?: (() => void) | undefined;
  /** The trigger's `data-slot`, named after the table it belongs to. */
  slot: string;
}

/** A menu of checkboxes that shows and hides columns; it stays open while columns are toggled. */
export function ColumnsMenu({ tableLabel, options, onVisibleChange, onReset, slot }: ColumnsMenuProps) {
  const visibleCount = options.filter((option) => option.visible).length;
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Columns of ${tableLabel}`} data-slot={slot}>
          <ColumnsIcon />
          Columns
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Show columns</DropdownMenuLabel>
        {options.map((option) => (
          <DropdownMenuCheckboxItem
            key={option.id}
            checked={option.visible}
            // The last visible column stays: a table with no columns shows nothing to bring them back.
            disabled={option.visible && visibleCount === 1}
            onCheckedChange={(checked) => onVisibleChange(option.id, checked)}
            onSelect={(event) => event.preventDefault()}
          >
            {option.label}
          </DropdownMenuCheckboxItem>
        ))}
        {onReset ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={onReset} data-slot={`${slot}-reset`}>
              Reset columns
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
