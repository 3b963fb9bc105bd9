import { defineMessages } from '../../i18n/define';

// Strings of the attachment feature (zh first; en must have the same keys).
export const messages = defineMessages({}, {});
