import { Alert, Button, Card, Field, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import { navigateTo } from '../../app/root';
import { OptionSelect } from '../../components/OptionSelect';
import { t } from '../../i18n';
import type { ContentPaths } from './paths';
import { useColumns } from './useColumns';

/**
 * A new item needs its column (its form comes from the column's model): with none in the address
 * (/addContent with "all columns", or no parameter) the page asks for one instead of failing.
 */
export function ChooseColumn({ paths }: { paths: ContentPaths }) {
  const columns = useColumns();
  // Items live in list columns; single pages and links have no item list.
  const options = columns.columns.filter((c) => c.type === 1).map((c) => ({ value: c.id, label: `${'— '.repeat(c.depth)}${c.title}` }));
  return (
    <Card.Root size="sm" maxW="560px" data-testid="content-choose-column">
      <Card.Body>
        <Stack gap="4">
          <Alert.Root status="info" size="sm">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('content.chooseColumn.title')}</Alert.Title>
              <Alert.Description>{t('content.chooseColumn.hint')}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
          <Field.Root>
            <Field.Label>{t('content.form.column')}</Field.Label>
            <OptionSelect
              testId="content-column-choice"
              value={undefined}
              options={options}
              emptyLabel={t('common.pleaseSelect')}
              onChange={(id) => id !== undefined && navigateTo(paths.add(Number(id)), true)}
            />
            {!columns.busy && !options.length && (
              <Text fontSize="sm" color="fg.muted">
                {t('content.noColumns')}
              </Text>
            )}
          </Field.Root>
          <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => navigateTo(paths.list)} data-testid="content-column-list">
            <ArrowLeft /> {t('content.backToList')}
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
