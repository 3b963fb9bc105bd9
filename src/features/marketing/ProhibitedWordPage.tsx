import { Badge, Button } from '@chakra-ui/react';
import { Upload } from 'lucide-react';
import { prohibitedWordResource } from '../../../models/resources/marketing';
import { WORD_LEVEL_PROHIBITED, WORD_LEVEL_SENSITIVE } from '../../../models/prohibitedWord';
import { t } from '../../i18n';
import { ResourceView, useResourceScreen } from '../resource/ResourceView';
import { useWordImport } from './useWordImport';
import { WordImportDialog } from './WordImportDialog';

/** The global prohibited-word dictionary, with a bulk import from pasted lines. */
export default function ProhibitedWordPage() {
  const { list, form } = useResourceScreen(prohibitedWordResource);
  const im = useWordImport(list.reload);
  return (
    <>
      <ResourceView
        def={prohibitedWordResource}
        list={list}
        form={form}
        defaults={{ level: WORD_LEVEL_SENSITIVE, type: '', paraphrase: '' }}
        toolbar={
          <Button size="sm" variant="outline" onClick={im.start} data-testid="word-import-open">
            <Upload /> {t('marketing.words.import')}
          </Button>
        }
        renderCell={(column, row) =>
          column.name === 'level' ? (
            <Badge colorPalette={row.level === WORD_LEVEL_PROHIBITED ? 'red' : 'orange'} variant="subtle">
              {t(`resources.prohibitedWord.options.level.${String(row.level)}`)}
            </Badge>
          ) : undefined
        }
      />
      <WordImportDialog im={im} />
    </>
  );
}
