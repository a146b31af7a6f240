import { Label } from 'dashboard-kit';
import { useId } from 'react';
import type { Strategy } from '@signaldeck/server/api-types';
import * as styles from '../../../components/native-select.css';

interface StrategyPickerProps {
  strategies: readonly Strategy[];
  /** The chosen strategy's id; `null` is every strategy. */
  value: string | null;
  onChange: (id: string | null) => void;
  /** Whether "All strategies" can be chosen (the endpoint answers for every strategy together). */
  allowAll?: boolean;
  disabled?: boolean;
}

const ALL = '';

/** Chooses whose data a page shows: one strategy, or all of them together. */
export function StrategyPicker({ strategies, value, onChange, allowAll = true, disabled }: StrategyPickerProps) {
  const id = useId();
  const known = value !== null && strategies.some((s) => s.id === value);
  const current = known ? value : allowAll ? ALL : (strategies[0]?.id ?? ALL);
  return (
    <div className={styles.field}>
      <Label htmlFor={id}>Strategy</Label>
      <select
        id={id}
        className={styles.select}
        value={current}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.value === ALL ? null : event.currentTarget.value)}
      >
        {allowAll && <option value={ALL}>All strategies</option>}
        {strategies.map((strategy) => (
          <option key={strategy.id} value={strategy.id}>
            {strategy.name}
          </option>
        ))}
      </select>
    </div>
  );
}
