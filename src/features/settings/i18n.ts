import { defineMessages } from '../../i18n/define';

// Strings of the settings feature (zh first; en must have the same keys).
export const messages = defineMessages({}, {});
