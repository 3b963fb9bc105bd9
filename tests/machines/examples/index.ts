import type { ChartExamples } from './chart';
import { attachmentCategoryTreeExamples } from './attachmentCategoryTree.examples';
import { attachmentPickerExamples } from './attachmentPicker.examples';
import { auditExamples } from './audit.examples';
import { auditPageExamples } from './auditPage.examples';
import { contentEditorExamples } from './contentEditor.examples';
import { contentImportExamples } from './contentImport.examples';
import { editorActionsExamples } from './editorActions.examples';
import { editorDialogsExamples } from './editorDialogs.examples';
import { editorSourceExamples } from './editorSource.examples';
import { formDesignerExamples } from './formDesigner.examples';
import { imageUploadExamples } from './imageUpload.examples';
import { inquiryDeskExamples } from './inquiryDesk.examples';
import { jobExamples } from './job.examples';
import { keywordImportExamples } from './keywordImport.examples';
import { layoutExamples } from './layout.examples';
import { leaveGuardExamples } from './leaveGuard.examples';
import { loaderExamples } from './loader.examples';
import { pluginExamples } from './plugin.examples';
import { posterEditorExamples } from './posterEditor.examples';
import { rankTrendExamples } from './rankTrend.examples';
import { recycleBinExamples } from './recycleBin.examples';
import { resourceFormExamples } from './resourceForm.examples';
import { resourceListExamples } from './resourceList.examples';
import { routeGuardExamples } from './routeGuard.examples';
import { seoReportExamples } from './seoReport.examples';
import { sessionExamples } from './session.examples';
import { storageTestExamples } from './storageTest.examples';
import { tabsExamples } from './tabs.examples';
import { tagGeneratorExamples } from './tagGenerator.examples';
import { themeEditorExamples } from './themeEditor.examples';
import { uploadExamples } from './upload.examples';
import { wordImportExamples } from './wordImport.examples';

// Every chart in machines/ by its file name (`upload` for machines/upload.machine.ts), with its example events.
// tests/qa/paths.test.ts checks that the list matches the folder.
export const CHART_EXAMPLES: Record<string, ChartExamples> = {
  attachmentCategoryTree: attachmentCategoryTreeExamples as unknown as ChartExamples,
  attachmentPicker: attachmentPickerExamples as unknown as ChartExamples,
  audit: auditExamples as unknown as ChartExamples,
  auditPage: auditPageExamples as unknown as ChartExamples,
  contentEditor: contentEditorExamples as unknown as ChartExamples,
  contentImport: contentImportExamples as unknown as ChartExamples,
  editorActions: editorActionsExamples as unknown as ChartExamples,
  editorDialogs: editorDialogsExamples as unknown as ChartExamples,
  editorSource: editorSourceExamples as unknown as ChartExamples,
  formDesigner: formDesignerExamples as unknown as ChartExamples,
  imageUpload: imageUploadExamples as unknown as ChartExamples,
  inquiryDesk: inquiryDeskExamples as unknown as ChartExamples,
  job: jobExamples as unknown as ChartExamples,
  keywordImport: keywordImportExamples as unknown as ChartExamples,
  layout: layoutExamples as unknown as ChartExamples,
  leaveGuard: leaveGuardExamples as unknown as ChartExamples,
  loader: loaderExamples as unknown as ChartExamples,
  plugin: pluginExamples as unknown as ChartExamples,
  posterEditor: posterEditorExamples as unknown as ChartExamples,
  rankTrend: rankTrendExamples as unknown as ChartExamples,
  recycleBin: recycleBinExamples as unknown as ChartExamples,
  resourceForm: resourceFormExamples as unknown as ChartExamples,
  resourceList: resourceListExamples as unknown as ChartExamples,
  routeGuard: routeGuardExamples as unknown as ChartExamples,
  seoReport: seoReportExamples as unknown as ChartExamples,
  session: sessionExamples as unknown as ChartExamples,
  storageTest: storageTestExamples as unknown as ChartExamples,
  tabs: tabsExamples as unknown as ChartExamples,
  tagGenerator: tagGeneratorExamples as unknown as ChartExamples,
  themeEditor: themeEditorExamples as unknown as ChartExamples,
  upload: uploadExamples as unknown as ChartExamples,
  wordImport: wordImportExamples as unknown as ChartExamples,
};

export { defineExamples, examplesIn, type ChartExamples } from './chart';
