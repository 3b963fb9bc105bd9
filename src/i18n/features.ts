// Each feature's own strings (src/features/<f>/i18n.ts), listed here once.
import type { FeatureCatalog } from './define';
import { messages as website } from '../features/website/i18n';
import { messages as module } from '../features/module/i18n';
import { messages as category } from '../features/category/i18n';
import { messages as content } from '../features/content/i18n';
import { messages as editor } from '../features/editor/i18n';
import { messages as marketing } from '../features/marketing/i18n';
import { messages as attachment } from '../features/attachment/i18n';
import { messages as settings } from '../features/settings/i18n';
import { messages as audit } from '../features/audit/i18n';
import { messages as navMenus } from '../features/navMenus/i18n';
import { messages as staticFiles } from '../features/staticFiles/i18n';
import { messages as themes } from '../features/themes/i18n';
import { messages as themeFiles } from '../features/themeFiles/i18n';
import { messages as inquiries } from '../features/inquiries/i18n';
import { messages as dashboard } from '../features/dashboard/i18n';
import { messages as attachmentPicker } from '../components/attachments/picker/i18n';
import { messages as logs } from '../features/logs/i18n';
import { messages as posters } from '../features/posters/i18n';
import { messages as keywords } from '../features/keywords/i18n';
import { messages as seoCheck } from '../features/seoCheck/i18n';
import { messages as links } from '../features/links/i18n';
import { messages as forms } from '../features/forms/i18n';
import { messages as recruit } from '../features/recruit/i18n';
import { messages as inquiryEmail } from '../features/inquiryEmail/i18n';
import { messages as formDesign } from '../features/formDesign/i18n';

export const FEATURE_CATALOGS: FeatureCatalog[] = [website, module, category, content, editor, marketing, attachment, settings, attachmentPicker, audit, navMenus, dashboard, staticFiles, themes, themeFiles, inquiries, logs, links, forms, seoCheck, keywords, posters, recruit, inquiryEmail, formDesign];
