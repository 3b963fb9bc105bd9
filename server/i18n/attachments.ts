import { defineServerMessages } from './define';

// Server messages: Attachments, their categories and uploads (issue 4).
export const attachments = defineServerMessages({}, {});
