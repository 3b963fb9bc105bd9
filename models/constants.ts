// Every business number of spec §9 lives here under a name; views and servers never inline them.
export const ATTACHMENT_PAGE_SIZE = 18;
export const CHUNK_SIZE_DEFAULT_KB = 2048;
export const CHUNK_KB_BYTES = 1024;
export const IMAGE_COMPRESSION_QUALITY = 0.2;
export const IMAGE_FORMATS = ['jpeg', 'jpg', 'png', 'svg', 'gif', 'bmp', 'webp'] as const;
export const VIDEO_FORMATS = ['mp4', 'avi', '3gp', 'rmvb', 'mov', 'mkv'] as const;
export const ATTACHMENT_DIALOG_WIDTH = 950;
export const DESIGNER_ATTACHMENT_LIMIT = 10;
export const CATEGORY_COPY_TIMEOUT_MS = 60_000;
/** The pause between two rounds of the client's job progress actor (GET /job/read per followed job). */
export const JOB_POLL_INTERVAL_MS = 600;
export const REQUEST_TIMEOUT_MS = 5_000;
export const AUTH_CODE_TIMEOUT_MS = 10_000;
export const ERROR_TOAST_MS = 5_000;
export const MOBILE_BREAKPOINT_PX = 992;
export const SIDEBAR_WIDTH_PX = 160;
export const EDITOR_FONT_SIZE_MIN_PX = 14;
export const EDITOR_FONT_SIZE_MAX_PX = 36;
export const EDITOR_TAB_SIZE = 2;
export const GRID_COLUMNS = 24;
export const RICH_TEXT_DEFAULT_HEIGHT = 500;
export const RESIZE_WATCH_INTERVAL_MS = 300;
export const DRAG_ANIMATION_MS = 150;
export const TAG_CONTEXT_MENU_WIDTH = 105;
export const ATTACHMENT_CATEGORY_DEPTH = 2;
export const LINE_JUMP_MIN = 1;
export const FORM_LABEL_WIDTH_DEFAULT = '125px';
export const FORM_LABEL_POSITION_DEFAULT = 'right';
export const FORM_SIZE_DEFAULT = 'mini';

// Session and login security (issue 2).
export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_TTL_MS = 10 * 60_000;
export const SMS_CODE_MAX_TRIES = 5;
export const SMS_RESEND_COOLDOWN_MS = 60_000;
export const LOGIN_FREE_FAILURES = 5;
export const LOGIN_IP_FREE_FAILURES = 20;
export const LOGIN_BASE_DELAY_MS = 5_000;
export const LOGIN_FAILURE_WINDOW_MS = 60 * 60_000;
export const LOGIN_MAX_DELAY_MS = 15 * 60_000;
export const TOKEN_BYTES = 32;
export const SESSION_IDLE_MINUTES_DEFAULT = 120;
export const SESSION_MAX_HOURS_DEFAULT = 24 * 7;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;
export const NAME_MAX_LENGTH = 32;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 200;

export const PRODUCT_TITLE = 'Banyan';
export const PRODUCT_VERSION = '0.1.0';
