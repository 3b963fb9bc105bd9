import { defineServerMessages } from './define';

// Server messages: System settings: upload, storage, footer and session (issue 4).
export const settings = defineServerMessages({}, {});
