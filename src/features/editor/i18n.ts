import { defineMessages } from '../../i18n/define';

// Strings of the editor feature (zh first; en must have the same keys).
export const messages = defineMessages({}, {});
