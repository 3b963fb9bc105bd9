import type { ReactNode } from 'react';
import { IconButton } from '@chakra-ui/react';

export interface ToolButtonProps {
  label: string;
  testId: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}

/** A toolbar button that keeps the editor's selection (it never takes the focus on press). */
export function ToolButton({ label, testId, active = false, disabled = false, onClick, children }: ToolButtonProps) {
  return (
    <IconButton
      size="xs"
      variant={active ? 'subtle' : 'ghost'}
      colorPalette={active ? 'blue' : 'gray'}
      aria-label={label}
      title={label}
      aria-pressed={active}
      data-testid={testId}
      data-active={active ? '' : undefined}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
    >
      {children}
    </IconButton>
  );
}
