import { Button, Group } from '@chakra-ui/react';

/** A row of attached buttons choosing one value (the theme carries no segment-group recipe). */
export function ChoiceGroup<V extends string>({ value, items, onChange, testId }: { value: V; items: Array<{ value: V; label: string }>; onChange: (v: V) => void; testId?: string }) {
  return (
    <Group attached data-testid={testId} role="radiogroup">
      {items.map((item) => (
        <Button
          key={item.value}
          size="sm"
          role="radio"
          aria-checked={item.value === value}
          variant={item.value === value ? 'solid' : 'outline'}
          colorPalette={item.value === value ? 'blue' : 'gray'}
          onClick={() => item.value !== value && onChange(item.value)}
          data-testid={testId ? `${testId}-${item.value}` : undefined}
        >
          {item.label}
        </Button>
      ))}
    </Group>
  );
}
