import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Box, Button, ChakraProvider, Flex, Heading, Text } from '@chakra-ui/react';
import type { ImageLocalResult, UploadedFile, WordSearchResult } from '../../../models/content';
import RichTextEditor, { type EditorServerActions } from '../../../src/components/editor/RichTextEditor';
import { Toaster } from '../../../src/components/Toaster';
import { loadScreenRecipes, system } from '../../../src/theme/system';
import { loadFeatureStrings } from '../../../src/i18n';

// A page with only the rich-text editor, for the browser test: stub server actions with fixed answers,
// uploads that finish when the test says so, and the onChange HTML and description shown as text.

declare global {
  interface Window {
    /** Finishes the waiting uploads; names listed in `fail` are refused. */
    __finishUploads: (fail?: string[]) => void;
    __actionCalls: Array<{ action: string; html: string }>;
  }
}

const pending: Array<{ file: File; resolve: (f: UploadedFile) => void; reject: (e: Error) => void }> = [];
window.__actionCalls = [];
window.__finishUploads = (fail = []) => {
  for (const p of pending.splice(0)) {
    if (fail.includes(p.file.name)) p.reject(new Error('文件过大'));
    else p.resolve({ id: 1, name: p.file.name, url: `/uploads/${p.file.name}` });
  }
};

// Like the app's upload chart, the stand-in reports progress while it waits: half way at once.
const upload = (file: File, onProgress: (percent: number) => void) =>
  new Promise<UploadedFile>((resolve, reject) => {
    onProgress(50);
    pending.push({ file, resolve, reject });
  });
const record = (action: string, html: string) => window.__actionCalls.push({ action, html });
const later = <T,>(value: T) => new Promise<T>((r) => setTimeout(() => r(value), 300));

const actions: EditorServerActions = {
  innerLink: (html) => (record('innerLink', html), later(html.replace('Banyan', '<a href="/tags/banyan">Banyan</a>'))),
  wordSearch: (html): Promise<WordSearchResult> => (
    record('wordSearch', html),
    later({
      return_str: html.replace('roots', '<span style="color: #ff0000"><mark>roots</mark></span>').replace('<script', '<x-script'),
      word_list: [
        { title: 'roots', paraphrase: '示例敏感词', type: '政治', level: 1 },
        { title: 'gamble', paraphrase: '示例违禁词', type: '赌博', level: 2 },
      ],
    })
  ),
  imgLocal: (html): Promise<ImageLocalResult> => (
    record('imgLocal', html),
    later({ content: html.replaceAll('https://img.test/', '/uploads/'), localized: 1, failed: [{ url: 'http://10.0.0.1/private.png', reason: '拒绝内网地址' }] })
  ),
  descExtraction: (html) => (record('descExtraction', html), later('榕树的气根。')),
};

/** What "loading a record" puts in the editor from outside. */
const RECORD = '<h2>Loaded record</h2><p>Stored <b>body</b> text</p>';

function Harness() {
  const [html, setHtml] = useState('');
  const [description, setDescription] = useState('');
  const [changes, setChanges] = useState(0);
  return (
    <Box p={{ base: 2, md: 6 }} maxW="1100px" mx="auto">
      <Flex align="center" gap="3" mb="3">
        <Heading size="md">RichTextEditor</Heading>
        <Button size="xs" variant="outline" data-testid="harness-load" onClick={() => setHtml(RECORD)}>
          Load a record
        </Button>
        <Text fontSize="xs" data-testid="harness-changes">
          {changes}
        </Text>
      </Flex>
      <RichTextEditor
        value={html}
        onChange={(next) => {
          setHtml(next);
          setChanges((n) => n + 1);
        }} height={360} upload={upload} actions={actions} onDescription={setDescription} testId="body-editor" />
      <Text mt="3" fontSize="sm" data-testid="harness-description">
        {description}
      </Text>
      <Box as="pre" mt="2" p="2" fontSize="xs" bg="bg.muted" whiteSpace="pre-wrap" wordBreak="break-all" data-testid="harness-html">
        {html}
      </Box>
    </Box>
  );
}

// The editor's wording is a feature catalogue and its dialogs' recipes are the screens', which the app loads
// before a screen opens; the harness has no shell.
void Promise.all([loadFeatureStrings(), loadScreenRecipes()]).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ChakraProvider value={system}>
        <Harness />
        <Toaster />
      </ChakraProvider>
    </StrictMode>,
  ),
);
