import { defineServerMessages } from './define';

// Server messages of the sites domain.
export const sites = defineServerMessages({}, {});
