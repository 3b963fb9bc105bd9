import { createRequire } from 'node:module';
import { UAParser } from 'ua-parser-js';
import { PRIVATE_NETWORK } from './regionNames';

const require = createRequire(import.meta.url);

interface RegionResult {
  country: string;
  province: string;
  city: string;
  isp: string;
}
interface RegionSearcher {
  search(ip: string): RegionResult | null;
}

let searcher: RegionSearcher | null = null;
function regions(): RegionSearcher {
  if (!searcher) {
    const IP2Region = require('ip2region').default as new () => RegionSearcher;
    searcher = new IP2Region();
  }
  return searcher;
}

export interface Region {
  country: string;
  province: string;
  city: string;
}

/** Region of an IP from the offline ip2region database; empty parts when unknown. */
export function lookupRegion(ip: string): Region {
  const plain = ip.replace(/^::ffff:/, '');
  if (plain === '::1' || plain === '127.0.0.1') return { country: '', province: '', city: PRIVATE_NETWORK };
  try {
    const r = regions().search(plain);
    return { country: r?.country ?? '', province: r?.province ?? '', city: r?.city ?? '' };
  } catch {
    return { country: '', province: '', city: '' };
  }
}

/** "中国 广东省 深圳市" style location text for logs. */
export function describeLocation(ip: string): string {
  const r = lookupRegion(ip);
  return [r.country, r.province, r.city].filter((v, i, all) => v && all.indexOf(v) === i).join(' ');
}

/** "Chrome 120 / Windows 10" style device text from a user agent. */
export function describeDevice(userAgent: string): string {
  if (!userAgent) return '';
  const r = new UAParser(userAgent).getResult();
  const browser = [r.browser.name, r.browser.major].filter(Boolean).join(' ');
  const os = [r.os.name, r.os.version].filter(Boolean).join(' ');
  const device = [r.device.vendor, r.device.model].filter(Boolean).join(' ');
  return [browser, os, device].filter(Boolean).join(' / ') || userAgent.slice(0, 60);
}
