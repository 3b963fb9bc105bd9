import { NativeSelect } from '@chakra-ui/react';
import type { Option } from '../../models/resource';

export interface OptionSelectProps {
  value: unknown;
  options: readonly Option[] | undefined;
  /** Text of the empty choice ("please select", "role: all"). */
  emptyLabel: string;
  /** The chosen option's own value (number stays number), or undefined for the empty choice. */
  onChange: (value: string | number | undefined) => void;
  size?: 'xs' | 'sm' | 'md';
  width?: string;
  testId?: string;
  ariaLabel?: string;
}

/** A native select over option values that keeps their types. */
export function OptionSelect({ value, options, emptyLabel, onChange, size, width, testId, ariaLabel }: OptionSelectProps) {
  return (
    <NativeSelect.Root size={size} width={width}>
      <NativeSelect.Field
        data-testid={testId}
        aria-label={ariaLabel}
        value={value === undefined || value === null ? '' : String(value)}
        onChange={(e) => {
          const raw = e.currentTarget.value;
          onChange(raw === '' ? undefined : (options?.find((o) => String(o.value) === raw)?.value ?? raw));
        }}
      >
        <option value="">{emptyLabel}</option>
        {options?.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
