import { Label } from 'dashboard-kit';
import { useId } from 'react';
import * as styles from '../../../components/native-select.css';

interface FilterSelectProps<Value extends string> {
  label: string;
  value: Value | null;
  /** The choice that filters nothing ("All pairs"). */
  allLabel: string;
  options: readonly (readonly [Value, string])[];
  onChange: (value: Value | null) => void;
}

/** One list filter as a labelled native select; `null` is no filter. */
export function FilterSelect<Value extends string>({
  label,
  value,
  allLabel,
  options,
  onChange,
}: FilterSelectProps<Value>) {
  const id = useId();
  return (
    <div className={styles.field}>
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        className={styles.select}
        value={value ?? ''}
        onChange={(event) => {
          const next = event.currentTarget.value;
          onChange(next === '' ? null : (next as Value));
        }}
      >
        <option value="">{allLabel}</option>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );
}
