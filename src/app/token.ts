// The session token is held in a cookie (spec §4). It is read by the app and sent as X-Token;
// the server never authenticates from the cookie itself.
const COOKIE = 'Admin-Token';

export function getToken(): string | null {
  const m = document.cookie.match(new RegExp(`(?:^|; )${COOKIE}=([^;]*)`));
  return m ? decodeURIComponent(m[1]!) : null;
}

export function setToken(token: string) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${COOKIE}=${encodeURIComponent(token)}; Path=/; SameSite=Strict${secure}`;
}

export function removeToken() {
  document.cookie = `${COOKIE}=; Path=/; Max-Age=0; SameSite=Strict`;
}
