import { defineServerMessages } from './define';

// Server messages of the login and operation logs (issue 18): login locations ip2region cannot place.
export const logs = defineServerMessages(
  {
    'location.private': '内网IP',
    'location.unknown': '未知',
  },
  {
    'location.private': 'Private network',
    'location.unknown': 'Unknown',
  },
);
