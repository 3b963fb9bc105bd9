import bookOpen from 'virtual:lucide/BookOpen';
import boxes from 'virtual:lucide/Boxes';
import briefcase from 'virtual:lucide/Briefcase';
import clipboardCheck from 'virtual:lucide/ClipboardCheck';
import clipboardList from 'virtual:lucide/ClipboardList';
import database from 'virtual:lucide/Database';
import file from 'virtual:lucide/File';
import fileCode from 'virtual:lucide/FileCode';
import fileStack from 'virtual:lucide/FileStack';
import fileText from 'virtual:lucide/FileText';
import fileUser from 'virtual:lucide/FileUser';
import folder from 'virtual:lucide/Folder';
import folderTree from 'virtual:lucide/FolderTree';
import galleryHorizontal from 'virtual:lucide/GalleryHorizontal';
import globe from 'virtual:lucide/Globe';
import history from 'virtual:lucide/History';
import image from 'virtual:lucide/Image';
import inbox from 'virtual:lucide/Inbox';
import keyRound from 'virtual:lucide/KeyRound';
import layers from 'virtual:lucide/Layers';
import layoutDashboard from 'virtual:lucide/LayoutDashboard';
import library from 'virtual:lucide/Library';
import link from 'virtual:lucide/Link';
import link2 from 'virtual:lucide/Link2';
import listChecks from 'virtual:lucide/ListChecks';
import listTree from 'virtual:lucide/ListTree';
import logIn from 'virtual:lucide/LogIn';
import mail from 'virtual:lucide/Mail';
import mapPin from 'virtual:lucide/MapPin';
import megaphone from 'virtual:lucide/Megaphone';
import menu from 'virtual:lucide/Menu';
import messageSquare from 'virtual:lucide/MessageSquare';
import monitor from 'virtual:lucide/Monitor';
import palette from 'virtual:lucide/Palette';
import paperclip from 'virtual:lucide/Paperclip';
import puzzle from 'virtual:lucide/Puzzle';
import scanSearch from 'virtual:lucide/ScanSearch';
import scrollText from 'virtual:lucide/ScrollText';
import search from 'virtual:lucide/Search';
import settings from 'virtual:lucide/Settings';
import settings2 from 'virtual:lucide/Settings2';
import shield from 'virtual:lucide/Shield';
import shieldAlert from 'virtual:lucide/ShieldAlert';
import sliders from 'virtual:lucide/Sliders';
import tag from 'virtual:lucide/Tag';
import tags from 'virtual:lucide/Tags';
import trash2 from 'virtual:lucide/Trash2';
import trendingUp from 'virtual:lucide/TrendingUp';
import userCog from 'virtual:lucide/UserCog';
import workflow from 'virtual:lucide/Workflow';
import { LineIcon } from './LineIcon';

// Menu icons are stored by name; only these are bundled, as outlines (server/clientIcons.ts).
const ICONS: Record<string, string> = {
  'book-open': bookOpen,
  boxes,
  briefcase,
  'clipboard-check': clipboardCheck,
  'clipboard-list': clipboardList,
  dashboard: layoutDashboard,
  database,
  workflow,
  'file-code': fileCode,
  'file-stack': fileStack,
  'file-text': fileText,
  'file-user': fileUser,
  folder,
  'folder-tree': folderTree,
  'gallery-horizontal': galleryHorizontal,
  globe,
  history,
  image,
  inbox,
  'key-round': keyRound,
  layers,
  library,
  link,
  'link-2': link2,
  'list-checks': listChecks,
  'list-tree': listTree,
  'log-in': logIn,
  mail,
  'map-pin': mapPin,
  megaphone,
  menu,
  'message-square': messageSquare,
  monitor,
  palette,
  paperclip,
  puzzle,
  'scan-search': scanSearch,
  'scroll-text': scrollText,
  search,
  settings,
  'settings-2': settings2,
  shield,
  'shield-alert': shieldAlert,
  sliders,
  tag,
  tags,
  'trash-2': trash2,
  'trending-up': trendingUp,
  'user-cog': userCog,
};

export function MenuIcon({ name, size = 16 }: { name: string; size?: number }) {
  return <LineIcon d={ICONS[name] ?? file} size={size} />;
}
