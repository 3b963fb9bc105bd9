import type { FormFieldStatistics } from '../../../models/form';

/** A question's bar chart grows with its options (30 px a bar), at least 90 px. */
export const chartHeight = (field: FormFieldStatistics) => Math.max(90, field.options.length * 30 + 40);
