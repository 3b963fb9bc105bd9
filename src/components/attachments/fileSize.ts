const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

const rounded = (value: number, unit: number) => (unit === 0 || value >= 100 ? Math.round(value) : Math.round(value * 10) / 10);

/** A byte count as people read it: 512 B, 12.3 KB, 30 MB, 1.2 GB (binary units, one decimal below 100). */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  // Rounding may reach 1024 (1023.96 KB): that is the next unit's 1.
  while (unit < UNITS.length - 1 && rounded(value, unit) >= 1024) {
    value /= 1024;
    unit++;
  }
  return `${rounded(value, unit)} ${UNITS[unit]}`;
}
