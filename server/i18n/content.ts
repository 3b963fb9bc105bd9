import { defineServerMessages } from './define';

// Server messages of the content domain.
export const content = defineServerMessages({}, {});
