import { defineServerMessages } from './define';

// Server messages of the marketing domain.
export const marketing = defineServerMessages({}, {});
