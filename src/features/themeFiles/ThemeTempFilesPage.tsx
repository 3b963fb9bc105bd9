import { ThemeEditorScreen } from './ThemeEditorScreen';

/** /Theme/tempFiles: the templates (templates/**\/*.liquid) of a theme. */
export default function ThemeTempFilesPage() {
  return <ThemeEditorScreen kind="templates" />;
}
