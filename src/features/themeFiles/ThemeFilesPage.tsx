import { ThemeEditorScreen } from './ThemeEditorScreen';

/** /Theme/files: every file of a theme (reached from the themes page). */
export default function ThemeFilesPage() {
  return <ThemeEditorScreen kind="all" />;
}
