import type { SVGProps } from 'react';

// A lucide icon drawn from its outline (`import d from 'virtual:lucide/<Name>'`, built by server/clientIcons.ts):
// the login page and the shell use these instead of lucide-react's components, which load with the screens.

export function LineIcon({ d, size = 24, strokeWidth = 2, ...rest }: { d: string; size?: number; strokeWidth?: number } & Omit<SVGProps<SVGSVGElement>, 'd'>) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={strokeWidth} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" {...rest}>
      <path d={d} />
    </svg>
  );
}
