import { pinyin } from 'pinyin-pro';
import type { Language } from '../../models/language';
import { translate } from '../i18n/messages';

// Login locations are stored as ip2region words ("中国 江苏省 南京市", "内网IP"); they are put into the
// reader's language when shown: the private-network and unknown cases by the message catalog, countries
// by the runtime's own region names, Chinese provinces by name, Chinese cities by pinyin.

/** What ip2region answers for private, loopback and reserved addresses. */
export const PRIVATE_NETWORK = '内网IP';

const PROVINCES: Record<string, string> = {
  北京: 'Beijing',
  天津: 'Tianjin',
  河北: 'Hebei',
  山西: 'Shanxi',
  内蒙古: 'Inner Mongolia',
  辽宁: 'Liaoning',
  吉林: 'Jilin',
  黑龙江: 'Heilongjiang',
  上海: 'Shanghai',
  江苏: 'Jiangsu',
  浙江: 'Zhejiang',
  安徽: 'Anhui',
  福建: 'Fujian',
  江西: 'Jiangxi',
  山东: 'Shandong',
  河南: 'Henan',
  湖北: 'Hubei',
  湖南: 'Hunan',
  广东: 'Guangdong',
  广西: 'Guangxi',
  海南: 'Hainan',
  重庆: 'Chongqing',
  四川: 'Sichuan',
  贵州: 'Guizhou',
  云南: 'Yunnan',
  西藏: 'Tibet',
  陕西: 'Shaanxi',
  甘肃: 'Gansu',
  青海: 'Qinghai',
  宁夏: 'Ningxia',
  新疆: 'Xinjiang',
  台湾: 'Taiwan',
  香港: 'Hong Kong',
  澳门: 'Macao',
};
const REGION_SUFFIX = /(壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区|省|市)$/;
const CITY_SUFFIX = /(市|地区|盟|自治州|自治县|县|区)$/;

let countries: Map<string, string> | null = null;
/** Chinese country names as the runtime's ICU data spells them, to English. */
function countryNames(): Map<string, string> {
  if (countries) return countries;
  countries = new Map();
  const zh = new Intl.DisplayNames(['zh-Hans'], { type: 'region', fallback: 'none' });
  const en = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const A = 'A'.charCodeAt(0);
  for (let i = 0; i < 26; i++) {
    for (let j = 0; j < 26; j++) {
      const code = String.fromCharCode(A + i, A + j);
      try {
        const zhName = zh.of(code);
        const enName = en.of(code);
        if (zhName && enName && !countries.has(zhName)) countries.set(zhName, enName);
      } catch {
        // not a region code
      }
    }
  }
  return countries;
}

/** A Chinese place name in pinyin, "南京" → "Nanjing". */
function romanize(name: string): string {
  if (!/[\u4e00-\u9fa5]/.test(name)) return name;
  const syllables = pinyin(name, { toneType: 'none', type: 'array', v: false }) as string[];
  // "Xi'an": a syllable opening with a vowel is set apart.
  const word = syllables
    .map((s, i) => (i > 0 && /^[aoe]/.test(s) ? `'${s}` : s))
    .join('')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function englishPart(part: string, index: number): string {
  if (index === 0) {
    const country = countryNames().get(part);
    if (country) return country;
  }
  const province = PROVINCES[part.replace(REGION_SUFFIX, '')];
  if (province) return province;
  return romanize(part.replace(CITY_SUFFIX, '') || part);
}

/** A stored login location in the reader's language: "中国 江苏省 南京市" → "Nanjing, Jiangsu, China". */
export function localizeLocation(stored: string, lang: Language): string {
  const parts = stored.split(/\s+/).filter(Boolean);
  if (!parts.length) return translate(lang, 'location.unknown');
  if (parts.includes(PRIVATE_NETWORK)) return translate(lang, 'location.private');
  if (lang === 'zh') return parts.join(' ');
  // Outside China ip2region's province and city are Chinese renderings of foreign names: the country alone reads best.
  const placed = parts[0] === '中国' ? parts : parts.slice(0, 1);
  const names = placed.map(englishPart).filter((v, i, all) => all.indexOf(v) === i);
  return names.reverse().join(', ');
}
